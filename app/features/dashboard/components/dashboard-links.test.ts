// The dashboard's counters lead to the lists they count (issue 17 point 4), filtered as they count, and
// only where the staff member may open that list: a figure of a page they cannot open shows without a link.
import { describe, expect, it } from "vitest";
import type { ActorView, Permission } from "~/lib/permissions.ts";
import { dashboardCardLinks } from "./dashboard-page.tsx";

const actor = (role: ActorView["role"], permissions: Permission[] = []): ActorView => ({ id: "u1", email: "u1@example.com", role, permissions });

describe("dashboard card links", () => {
  it("takes an admin from each figure to its list, filtered as the figure counts", () => {
    expect(dashboardCardLinks(actor("admin"))).toEqual({
      totalCourses: "/admin/courses",
      publishedCourses: "/admin/courses?status=published",
      draftCourses: "/admin/courses?status=draft",
      instructors: "/admin/instructors",
      categories: "/admin/categories",
      totalEnrollments: "/admin/enrollments",
      pendingEnrollments: "/admin/enrollments?status=pending",
      unreadMessages: "/admin/messages?filter=unread",
      // Money received is a figure without a list of its own yet; the holds lead to the approved requests.
      collectedThisMonth: undefined,
      holdsExpiringSoon: "/admin/enrollments?status=approved",
      proofsAwaitingReview: "/admin/payments",
    });
  });

  it("links a manager's figures only to the lists their permissions open", () => {
    const links = dashboardCardLinks(actor("instructor_course_manager", ["enrollments:view", "messages:view"]));
    expect(links).toMatchObject({
      pendingEnrollments: "/admin/enrollments?status=pending",
      unreadMessages: "/admin/messages?filter=unread",
      totalEnrollments: "/admin/enrollments",
    });
    // Total Courses shows to every staff member, but without courses:view the list is closed: no link.
    expect(links.totalCourses).toBeUndefined();
    expect(links.instructors).toBeUndefined();
    expect(links.categories).toBeUndefined();
    const none = dashboardCardLinks(actor("instructor_course_manager"));
    expect(Object.values(none).every((href) => href === undefined)).toBe(true);
  });
});
