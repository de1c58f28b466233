// /admin/categories — categories and subcategories (SPEC §2 Admin Categories, §5, §8; D18, D22).
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AdminRouteError } from "~/components/admin/route-error.tsx";
import { CategoriesPage } from "~/features/categories/components/categories-page.tsx";
import type { CategoriesReply } from "~/features/categories/categories-reply.ts";
import {
  CATEGORY_ERRORS,
  CATEGORY_INTENT_SCHEMAS,
  isCategoryIntent,
  type CategoryIntent,
} from "~/features/categories/categories.schema.ts";
import {
  createCategory,
  createSubcategory,
  deleteCategory,
  deleteSubcategory,
  listCategoriesAdmin,
  updateCategory,
  updateSubcategory,
} from "~/features/categories/categories.server.ts";
import { isClientDataRequest } from "~/features/dashboard/deferred.server.ts";
import type { Permission } from "~/lib/permissions.ts";
import { adminAction, requireActor, toActorView } from "~/lib/staff-session.server.ts";
import { getInstance } from "~/middleware/i18next.server.ts";
import type { Route } from "./+types/categories";

export const handle = { permission: "categories:view" } satisfies { permission: Permission };

/** The flag each intent needs on top of categories:view (the domain functions check again). */
const INTENT_PERMISSION: Record<CategoryIntent, Permission> = {
  createCategory: "categories:create",
  updateCategory: "categories:edit",
  deleteCategory: "categories:delete",
  createSubcategory: "categories:create",
  updateSubcategory: "categories:edit",
  deleteSubcategory: "categories:delete",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireActor(context, { permission: "categories:view" });
  const lists = listCategoriesAdmin(actor);
  return {
    actor: toActorView(actor),
    // Client navigations show the placeholder while the two lists load; a document request waits.
    lists: isClientDataRequest(request) ? lists : await lists,
    title: getInstance(context).t("categories.metaTitle"),
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function action({ request, context }: Route.ActionArgs) {
  requireActor(context, { permission: "categories:view" });
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isCategoryIntent(intent)) {
    return data<CategoriesReply>({ intent: null, ok: false, messageKey: CATEGORY_ERRORS.invalidRequest }, { status: 400 });
  }
  const actor = requireActor(context, { permission: INTENT_PERMISSION[intent] });
  const rawId = formData.get("id");
  const id = typeof rawId === "string" ? rawId : undefined;

  if (intent === "deleteCategory" || intent === "deleteSubcategory") {
    const submission = parseWithZod(formData, { schema: CATEGORY_INTENT_SCHEMAS[intent] });
    if (submission.status !== "success") {
      return data<CategoriesReply>({ intent, ok: false, id, messageKey: CATEGORY_ERRORS.invalidRequest }, { status: 400 });
    }
    const value = submission.value;
    const outcome = await adminAction(() =>
      intent === "deleteCategory" ? deleteCategory(actor, value.id) : deleteSubcategory(actor, value.id),
    );
    if (!("ok" in outcome)) {
      return data<CategoriesReply>({ intent, ok: false, id, messageKey: outcome.data.messageKey }, outcome.init ?? undefined);
    }
    return data<CategoriesReply>({ intent, ok: true, id: outcome.value.id, name: outcome.value.name });
  }

  const submission = parseWithZod(formData, { schema: CATEGORY_INTENT_SCHEMAS[intent] });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? CATEGORY_ERRORS.invalidRequest;
    return data<CategoriesReply>({ intent, ok: false, id, messageKey: first, result: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  const outcome = await adminAction(async () => {
    switch (value.intent) {
      case "createCategory":
        return createCategory(actor, value);
      case "updateCategory":
        return updateCategory(actor, value.id, value);
      case "createSubcategory":
        return createSubcategory(actor, value);
      case "updateSubcategory":
        return updateSubcategory(actor, value.id, value);
    }
  });
  if (!("ok" in outcome)) {
    const { messageKey, fields } = outcome.data;
    const fieldErrors = fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])) : undefined;
    return data<CategoriesReply>(
      { intent, ok: false, id, messageKey, result: submission.reply({ fieldErrors }) },
      outcome.init ?? undefined,
    );
  }
  return data<CategoriesReply>({
    intent,
    ok: true,
    id: outcome.value.id,
    name: outcome.value.name,
    result: submission.reply({ resetForm: true }),
  });
}

// Without loader data (a refusal or an error) the error view sets the title; an empty one would win over it.
export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);

export default function CategoriesRoute({ loaderData, actionData, matches }: Route.ComponentProps) {
  return <CategoriesPage actor={loaderData.actor} lists={loaderData.lists} actionData={actionData} locale={matches[0].loaderData.locale} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
