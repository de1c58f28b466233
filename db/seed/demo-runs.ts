// Demo course runs (issue 20 point 8): every live-taught demo course gets start dates relative to the
// first start (a past group, one or two upcoming ones in 10–60 days), so the dates, seats left, a full
// group with its waiting list, a self-paced start and an on-site group are visible at once. The free
// presentation workshop has none: it shows a course without dates. Times are Cairo wall times.
import type { RUN_MODES, RUN_REPEAT_FREQUENCIES } from "@db/schema/run-vocabulary.ts";

/** Weekdays in JavaScript's order (Sunday first), as Date.getUTCDay counts them. */
export const DEMO_WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type DemoWeekday = (typeof DEMO_WEEKDAYS)[number];

export interface DemoRun {
  /** The course's slug. */
  course: string;
  /** Days from the first start to the first session (negative: a past group), at this Cairo time. */
  inDays: number;
  /** The weekday the schedule names first: the start moves on to it (0–6 days later), so "Saturdays" starts on a Saturday. */
  weekday?: DemoWeekday;
  at: `${number}:${number}`;
  /** Days from the first session to the last (none: no end date). */
  lengthDays?: number;
  schedule: string;
  scheduleAr: string;
  mode: (typeof RUN_MODES)[number];
  location?: string;
  locationAr?: string;
  capacity: number | null;
  /** Its own price, when it differs from the course's. */
  price?: number;
  sessionMinutes: number | null;
  repeatFrequency: (typeof RUN_REPEAT_FREQUENCIES)[number] | null;
  repeatCount: number | null;
  /** Past groups are closed. */
  status?: "open" | "closed";
  /** Demo requests: approved (the seats taken) and, after them, the waiting list. */
  approved?: number;
  waiting?: number;
}

export const DEMO_RUNS: readonly DemoRun[] = [
  {
    course: "full-stack-web-development-javascript",
    inDays: -100,
    weekday: "sat",
    at: "10:00",
    lengthDays: 63,
    schedule: "Saturdays, 10 am – 4 pm",
    scheduleAr: "أيام السبت، من 10 صباحًا إلى 4 مساءً",
    mode: "live_online",
    capacity: 15,
    sessionMinutes: 360,
    repeatFrequency: "weekly",
    repeatCount: 10,
    status: "closed",
    approved: 5,
  },
  {
    course: "full-stack-web-development-javascript",
    inDays: 12,
    weekday: "sat",
    at: "10:00",
    lengthDays: 63,
    schedule: "Saturdays, 10 am – 4 pm",
    scheduleAr: "أيام السبت، من 10 صباحًا إلى 4 مساءً",
    mode: "live_online",
    capacity: 15,
    sessionMinutes: 360,
    repeatFrequency: "weekly",
    repeatCount: 10,
    approved: 4,
  },
  {
    course: "full-stack-web-development-javascript",
    inDays: 47,
    weekday: "sat",
    at: "10:00",
    lengthDays: 63,
    schedule: "Saturdays, 10 am – 4 pm",
    scheduleAr: "أيام السبت، من 10 صباحًا إلى 4 مساءً",
    mode: "live_online",
    capacity: 15,
    sessionMinutes: 360,
    repeatFrequency: "weekly",
    repeatCount: 10,
  },
  {
    course: "english-for-beginners",
    inDays: -70,
    weekday: "sun",
    at: "19:00",
    lengthDays: 66,
    schedule: "Sundays and Wednesdays, 7 – 8:30 pm",
    scheduleAr: "الأحد والأربعاء، من 7 إلى 8:30 مساءً",
    mode: "live_online",
    capacity: 6,
    sessionMinutes: 90,
    repeatFrequency: null,
    repeatCount: 20,
    status: "closed",
    approved: 6,
  },
  // The full group with a waiting list.
  {
    course: "english-for-beginners",
    inDays: 16,
    weekday: "sun",
    at: "19:00",
    lengthDays: 66,
    schedule: "Sundays and Wednesdays, 7 – 8:30 pm",
    scheduleAr: "الأحد والأربعاء، من 7 إلى 8:30 مساءً",
    mode: "live_online",
    capacity: 6,
    sessionMinutes: 90,
    repeatFrequency: null,
    repeatCount: 20,
    approved: 6,
    waiting: 2,
  },
  {
    course: "english-for-beginners",
    inDays: 44,
    weekday: "sun",
    at: "19:00",
    lengthDays: 66,
    schedule: "Sundays and Wednesdays, 7 – 8:30 pm",
    scheduleAr: "الأحد والأربعاء، من 7 إلى 8:30 مساءً",
    mode: "live_online",
    capacity: 6,
    sessionMinutes: 90,
    repeatFrequency: null,
    repeatCount: 20,
  },
  {
    course: "social-media-marketing",
    inDays: 21,
    weekday: "mon",
    at: "20:00",
    lengthDays: 35,
    schedule: "Mondays, 8 – 11 pm",
    scheduleAr: "أيام الاثنين، من 8 إلى 11 مساءً",
    mode: "live_online",
    capacity: 20,
    sessionMinutes: 180,
    repeatFrequency: "weekly",
    repeatCount: 6,
  },
  // A few seats left (Settings: shown from 5 seats left).
  {
    course: "ui-ux-design-with-figma",
    inDays: 14,
    weekday: "thu",
    at: "18:00",
    lengthDays: 49,
    schedule: "Thursdays, 6 – 10 pm",
    scheduleAr: "أيام الخميس، من 6 إلى 10 مساءً",
    mode: "live_online",
    capacity: 12,
    sessionMinutes: 240,
    repeatFrequency: "weekly",
    repeatCount: 8,
    approved: 9,
  },
  {
    course: "python-programming-basics",
    inDays: 10,
    at: "12:00",
    schedule: "At your own pace, with a live Q&A session every week",
    scheduleAr: "بالسرعة التي تناسبك، مع جلسة أسئلة وأجوبة مباشرة كل أسبوع",
    mode: "self_paced",
    capacity: null,
    sessionMinutes: null,
    repeatFrequency: null,
    repeatCount: null,
  },
  {
    course: "ielts-academic-preparation",
    inDays: -60,
    weekday: "sun",
    at: "18:00",
    lengthDays: 60,
    schedule: "Sundays and Tuesdays, 6 – 8 pm",
    scheduleAr: "الأحد والثلاثاء، من 6 إلى 8 مساءً",
    mode: "live_online",
    capacity: 10,
    sessionMinutes: 120,
    repeatFrequency: null,
    repeatCount: 18,
    status: "closed",
    approved: 3,
  },
  {
    course: "ielts-academic-preparation",
    inDays: 28,
    weekday: "sun",
    at: "18:00",
    lengthDays: 60,
    schedule: "Sundays and Tuesdays, 6 – 8 pm",
    scheduleAr: "الأحد والثلاثاء، من 6 إلى 8 مساءً",
    mode: "live_online",
    capacity: 10,
    sessionMinutes: 120,
    repeatFrequency: null,
    repeatCount: 18,
    approved: 2,
  },
  {
    course: "pmp-exam-preparation",
    inDays: 33,
    weekday: "fri",
    at: "10:00",
    lengthDays: 42,
    schedule: "Fridays, 10 am – 3 pm",
    scheduleAr: "أيام الجمعة، من 10 صباحًا إلى 3 مساءً",
    mode: "live_online",
    capacity: 16,
    sessionMinutes: 300,
    repeatFrequency: "weekly",
    repeatCount: 7,
  },
  // On site, at the provider's address (Settings → Contact details).
  {
    course: "graphic-design-photoshop-illustrator",
    inDays: 25,
    at: "10:00",
    lengthDays: 5,
    schedule: "Six days in a row, 10 am – 3 pm",
    scheduleAr: "ستة أيام متتالية، من 10 صباحًا إلى 3 مساءً",
    mode: "on_site",
    location: "7 Abbas El-Akkad Street, Nasr City, Cairo",
    locationAr: "7 شارع عباس العقاد، مدينة نصر، القاهرة",
    capacity: 8,
    sessionMinutes: 300,
    repeatFrequency: "daily",
    repeatCount: 6,
    approved: 1,
  },
  {
    course: "business-english-for-the-workplace",
    inDays: 19,
    weekday: "mon",
    at: "20:00",
    lengthDays: 56,
    schedule: "Mondays and Wednesdays, 8 – 9:30 pm",
    scheduleAr: "الاثنين والأربعاء، من 8 إلى 9:30 مساءً",
    mode: "live_online",
    capacity: 10,
    sessionMinutes: 90,
    repeatFrequency: null,
    repeatCount: 16,
  },
  // A group at its own (lower) price.
  {
    course: "data-analysis-excel-power-bi",
    inDays: 11,
    weekday: "tue",
    at: "19:00",
    lengthDays: 42,
    schedule: "Tuesdays, 7 – 11 pm",
    scheduleAr: "أيام الثلاثاء، من 7 إلى 11 مساءً",
    mode: "live_online",
    capacity: 14,
    price: 2500,
    sessionMinutes: 240,
    repeatFrequency: "weekly",
    repeatCount: 7,
    approved: 2,
  },
  {
    course: "data-analysis-excel-power-bi",
    inDays: 40,
    weekday: "tue",
    at: "19:00",
    lengthDays: 42,
    schedule: "Tuesdays, 7 – 11 pm",
    scheduleAr: "أيام الثلاثاء، من 7 إلى 11 مساءً",
    mode: "live_online",
    capacity: 14,
    sessionMinutes: 240,
    repeatFrequency: "weekly",
    repeatCount: 7,
  },
  {
    course: "google-ads-performance-marketing",
    inDays: 27,
    weekday: "sat",
    at: "12:00",
    lengthDays: 21,
    schedule: "Saturdays, 12 – 4 pm",
    scheduleAr: "أيام السبت، من 12 ظهرًا إلى 4 مساءً",
    mode: "live_online",
    capacity: 20,
    sessionMinutes: 240,
    repeatFrequency: "weekly",
    repeatCount: 4,
  },
  {
    course: "google-ads-performance-marketing",
    inDays: 52,
    weekday: "sat",
    at: "12:00",
    lengthDays: 21,
    schedule: "Saturdays, 12 – 4 pm",
    scheduleAr: "أيام السبت، من 12 ظهرًا إلى 4 مساءً",
    mode: "live_online",
    capacity: 20,
    sessionMinutes: 240,
    repeatFrequency: "weekly",
    repeatCount: 4,
  },
];

/** The demo students behind the demo requests (example.com addresses: nothing is ever delivered). */
export const DEMO_STUDENTS: readonly { name: string; email: string; phone: string; locale: "en" | "ar" }[] = [
  { name: "Youssef Ibrahim", email: "youssef.ibrahim@example.com", phone: "+201001110001", locale: "en" },
  { name: "سارة محمود", email: "sara.mahmoud@example.com", phone: "+201001110002", locale: "ar" },
  { name: "Omar Khaled", email: "omar.khaled@example.com", phone: "+201001110003", locale: "en" },
  { name: "نورا حسن", email: "noura.hassan@example.com", phone: "+201001110004", locale: "ar" },
  { name: "Mariam Adel", email: "mariam.adel@example.com", phone: "+201001110005", locale: "en" },
  { name: "محمد عبد الله", email: "mohamed.abdallah@example.com", phone: "+201001110006", locale: "ar" },
  { name: "Laila Mostafa", email: "laila.mostafa@example.com", phone: "+201001110007", locale: "en" },
  { name: "أحمد فؤاد", email: "ahmed.fouad@example.com", phone: "+201001110008", locale: "ar" },
  { name: "Hana Sherif", email: "hana.sherif@example.com", phone: "+201001110009", locale: "en" },
  { name: "كريم سامي", email: "karim.samy@example.com", phone: "+201001110010", locale: "ar" },
  { name: "Salma Tarek", email: "salma.tarek@example.com", phone: "+201001110011", locale: "en" },
  { name: "مصطفى جمال", email: "mostafa.gamal@example.com", phone: "+201001110012", locale: "ar" },
];
