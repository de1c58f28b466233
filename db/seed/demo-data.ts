// Demo catalogue and default settings (D3, D12, D21, D24).
// The demo content (with the demo's contact details) is seeded only into an empty embedded database; the
// defaults (site settings without contact details, role permissions) are inserted on every start with
// ON CONFLICT DO NOTHING, so admins' edits are kept.
// Contact details, social links and e-mail addresses below are placeholders for the provider to replace.

export type DemoLanguage = "en" | "ar";
export type DemoLevel = "beginner" | "intermediate" | "advanced";
import type { StoredPaymentMethods } from "~/domain/payments/payment-methods.ts";
import type { Motif } from "./images.ts";

export type ThumbnailMotif = Motif;

export interface DemoSubcategory {
  slug: string;
  name: string;
  nameAr: string;
  description: string;
  sortOrder: number;
  isActive: boolean;
}

export interface DemoCategory {
  slug: string;
  name: string;
  nameAr: string;
  /** Gradient colours and motif of the generated course thumbnails in this category. */
  colors: readonly [string, string];
  motif: ThumbnailMotif;
  subcategories: readonly DemoSubcategory[];
}

export interface DemoInstructor {
  /** File name (without extension) of the generated photo. */
  photoSlug: string;
  name: string;
  nameAr: string;
  title: string;
  titleAr: string;
  bioShort: string;
  bioShortAr: string;
  email: string | null;
  facebook: string | null;
  instagram: string | null;
  linkedin: string | null;
  /** Background colour of the generated avatar. */
  color: string;
}

export interface DemoCourse {
  slug: string;
  title: string;
  language: DemoLanguage;
  level: DemoLevel | null;
  summary: string;
  description: string;
  curriculum: readonly string[];
  /** Slugs of the category and subcategory, photoSlug of the instructor. */
  category: string;
  subcategory: string;
  instructor: string;
  hours: number;
  /** EGP; 0 = free. */
  price: number;
  priceVisible: boolean;
  isPublished: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// Categories and subcategories
// ---------------------------------------------------------------------------------------------------------

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    slug: "languages",
    name: "Languages",
    nameAr: "اللغات",
    colors: ["#0f766e", "#2dd4bf"],
    motif: "speech",
    subcategories: [
      {
        slug: "general-english",
        name: "General English",
        nameAr: "اللغة الإنجليزية العامة",
        description: "Everyday English from the very first steps to confident conversation, taught live in small groups.",
        sortOrder: 0,
        isActive: true,
      },
      {
        slug: "exam-preparation",
        name: "Exam Preparation",
        nameAr: "التحضير للاختبارات الدولية",
        description: "Preparation for international English tests such as IELTS and TOEFL, with mock exams and personal feedback.",
        sortOrder: 1,
        isActive: true,
      },
      {
        slug: "business-english",
        name: "Business English",
        nameAr: "الإنجليزية للأعمال",
        description: "English for e-mails, meetings, presentations and negotiation in the workplace.",
        sortOrder: 2,
        isActive: true,
      },
    ],
  },
  {
    slug: "technology",
    name: "Technology & Programming",
    nameAr: "البرمجة والتكنولوجيا",
    colors: ["#1e3a8a", "#6366f1"],
    motif: "code",
    subcategories: [
      {
        slug: "web-development",
        name: "Web Development",
        nameAr: "تطوير الويب",
        description: "Front-end and back-end web development with modern JavaScript tools, from first page to deployment.",
        sortOrder: 0,
        isActive: true,
      },
      {
        slug: "data-science",
        name: "Data & AI",
        nameAr: "علوم البيانات والذكاء الاصطناعي",
        description: "Programming for data, analytics tools, dashboards and machine learning.",
        sortOrder: 1,
        isActive: true,
      },
      {
        slug: "cybersecurity",
        name: "Cybersecurity",
        nameAr: "الأمن السيبراني",
        description: "Network security, ethical hacking and security operations. New courses are coming soon.",
        sortOrder: 2,
        isActive: false,
      },
    ],
  },
  {
    slug: "business",
    name: "Business & Management",
    nameAr: "إدارة الأعمال",
    colors: ["#9a3412", "#f59e0b"],
    motif: "chart",
    subcategories: [
      {
        slug: "digital-marketing",
        name: "Digital Marketing",
        nameAr: "التسويق الرقمي",
        description: "Social media, search advertising and performance marketing for brands and small businesses.",
        sortOrder: 0,
        isActive: true,
      },
      {
        slug: "project-management",
        name: "Project Management",
        nameAr: "إدارة المشروعات",
        description: "Traditional and agile project management, and preparation for the PMP certification.",
        sortOrder: 1,
        isActive: true,
      },
    ],
  },
  {
    slug: "design",
    name: "Design & Creativity",
    nameAr: "التصميم والإبداع",
    colors: ["#9d174d", "#a855f7"],
    motif: "shapes",
    subcategories: [
      {
        slug: "graphic-design",
        name: "Graphic Design",
        nameAr: "التصميم الجرافيكي",
        description: "Design principles, visual identity, and the Adobe tools used by agencies and freelancers.",
        sortOrder: 0,
        isActive: true,
      },
      {
        slug: "ui-ux-design",
        name: "UI/UX Design",
        nameAr: "تصميم واجهات وتجربة المستخدم",
        description: "User research, wireframes, interface design and prototyping for websites and mobile apps.",
        sortOrder: 1,
        isActive: true,
      },
    ],
  },
  {
    slug: "career-skills",
    name: "Career & Soft Skills",
    nameAr: "المهارات المهنية والشخصية",
    colors: ["#166534", "#84cc16"],
    motif: "growth",
    subcategories: [
      {
        slug: "communication-skills",
        name: "Communication Skills",
        nameAr: "مهارات التواصل والعرض",
        description: "Public speaking, presentations and clear professional communication.",
        sortOrder: 0,
        isActive: true,
      },
      {
        slug: "career-readiness",
        name: "Career Readiness",
        nameAr: "الاستعداد لسوق العمل",
        description: "CVs, LinkedIn profiles and job interviews for students and fresh graduates.",
        sortOrder: 1,
        isActive: true,
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------
// Instructors
// ---------------------------------------------------------------------------------------------------------

export const DEMO_INSTRUCTORS: readonly DemoInstructor[] = [
  {
    photoSlug: "instructor-ahmed-samir",
    name: "Ahmed Samir",
    nameAr: "أحمد سمير",
    title: "Senior Software Engineer",
    titleAr: "مهندس برمجيات أول",
    bioShort:
      "Ahmed is a software engineer with more than ten years of experience building web platforms and data products for fintech and e-commerce companies in Cairo and the Gulf. A graduate of the Faculty of Computers and Artificial Intelligence at Cairo University, he has mentored over 2,000 junior developers and enjoys turning complex ideas into simple, practical lessons.",
    bioShortAr:
      "مهندس برمجيات يمتلك خبرة تزيد على عشر سنوات في تطوير منصات الويب ومنتجات البيانات لشركات التكنولوجيا المالية والتجارة الإلكترونية في القاهرة ودول الخليج. تخرّج في كلية الحاسبات والذكاء الاصطناعي بجامعة القاهرة، ودرّب أكثر من ألفي مطوّر مبتدئ، ويحرص على تبسيط المفاهيم المعقدة وتحويلها إلى دروس عملية.",
    email: "ahmed.samir@example.com",
    facebook: null,
    instagram: null,
    linkedin: "https://www.linkedin.com/in/ahmed-samir-example",
    color: "#3730a3",
  },
  {
    photoSlug: "instructor-mona-elsayed",
    name: "Mona El-Sayed",
    nameAr: "منى السيد",
    title: "CELTA-Certified English Trainer",
    titleAr: "مدرّبة لغة إنجليزية معتمدة (CELTA)",
    bioShort:
      "Mona has taught English for twelve years at language centres and in corporate training programmes in Cairo and Alexandria. She holds a BA in English from Ain Shams University and the Cambridge CELTA, and has helped hundreds of learners reach their target IELTS band and communicate with confidence at work.",
    bioShortAr:
      "تعمل منى في تدريس اللغة الإنجليزية منذ اثني عشر عامًا في مراكز اللغات وبرامج التدريب المؤسسي بالقاهرة والإسكندرية. حاصلة على ليسانس الآداب قسم اللغة الإنجليزية من جامعة عين شمس وشهادة CELTA من جامعة كامبريدج، وساعدت مئات المتدربين على بلوغ الدرجة المطلوبة في اختبار IELTS والتواصل بثقة في بيئة العمل.",
    email: "mona.elsayed@example.com",
    facebook: "https://www.facebook.com/mona.elsayed.example",
    instagram: null,
    linkedin: null,
    color: "#0f766e",
  },
  {
    photoSlug: "instructor-karim-abdelaziz",
    name: "Karim Abdel Aziz",
    nameAr: "كريم عبد العزيز",
    title: "Digital Marketing Consultant",
    titleAr: "استشاري التسويق الرقمي",
    bioShort:
      "Karim has planned and run digital campaigns for more than 60 Egyptian brands in retail, real estate and education, with a combined ad spend of over EGP 40 million. He is a certified Google Ads and Meta Blueprint professional and a regular speaker at entrepreneurship events.",
    bioShortAr:
      "خطّط كريم وأدار حملات رقمية لأكثر من ستين علامة تجارية مصرية في قطاعات التجزئة والعقارات والتعليم، بإجمالي إنفاق إعلاني يتجاوز 40 مليون جنيه. حاصل على شهادتي Google Ads وMeta Blueprint الاحترافيتين، ومتحدث دائم في فعاليات ريادة الأعمال.",
    email: null,
    facebook: "https://www.facebook.com/karim.abdelaziz.example",
    instagram: "https://www.instagram.com/karim.abdelaziz.example",
    linkedin: "https://www.linkedin.com/in/karim-abdelaziz-example",
    color: "#c2410c",
  },
  {
    photoSlug: "instructor-nourhan-mostafa",
    name: "Nourhan Mostafa",
    nameAr: "نورهان مصطفى",
    title: "Product Designer (UI/UX)",
    titleAr: "مصممة منتجات رقمية (UI/UX)",
    bioShort:
      "Nourhan designs mobile apps and websites used by millions of people across the Middle East, with a special focus on Arabic, right-to-left interfaces. She graduated from the Faculty of Applied Arts at Helwan University and has worked with start-ups and design agencies in Cairo, Riyadh and Dubai.",
    bioShortAr:
      "تصمم نورهان تطبيقات ومواقع يستخدمها الملايين في منطقة الشرق الأوسط، مع تركيز خاص على الواجهات العربية والتصميم من اليمين إلى اليسار. تخرّجت في كلية الفنون التطبيقية بجامعة حلوان، وعملت مع شركات ناشئة ووكالات تصميم في القاهرة والرياض ودبي.",
    email: null,
    facebook: null,
    instagram: "https://www.instagram.com/nourhan.designs.example",
    linkedin: "https://www.linkedin.com/in/nourhan-mostafa-example",
    color: "#a21caf",
  },
  {
    photoSlug: "instructor-hany-fathy",
    name: "Hany Fathy",
    nameAr: "هاني فتحي",
    title: "Project Management Consultant, PMP",
    titleAr: "استشاري إدارة المشروعات (PMP)",
    bioShort:
      "Hany has led infrastructure and telecom projects for eighteen years and has held the PMP certification since 2011. As a corporate trainer he has delivered project management and soft-skills programmes to teams at leading Egyptian banks, telecom operators and government bodies.",
    bioShortAr:
      "قاد هاني مشروعات في قطاعي البنية التحتية والاتصالات على مدى ثمانية عشر عامًا، ويحمل شهادة PMP منذ عام 2011. قدّم بصفته مدربًا مؤسسيًا برامج في إدارة المشروعات والمهارات الشخصية لفرق عمل في كبرى البنوك وشركات الاتصالات والجهات الحكومية في مصر.",
    email: "hany.fathy@example.com",
    facebook: null,
    instagram: null,
    linkedin: null,
    color: "#15803d",
  },
];

// ---------------------------------------------------------------------------------------------------------
// Courses (newest first: the seed gives the first course the latest created_at)
// ---------------------------------------------------------------------------------------------------------

export const DEMO_COURSES: readonly DemoCourse[] = [
  {
    slug: "full-stack-web-development-javascript",
    title: "Full-Stack Web Development with JavaScript",
    language: "en",
    level: "intermediate",
    summary:
      "Build and deploy complete web applications with HTML, CSS, JavaScript, React, Node.js and PostgreSQL. Project-based training that takes you from static pages to a live full-stack app in your portfolio.",
    description: [
      "Web developers remain among the most in-demand professionals in Egypt and the region, both in local companies and in remote roles for international employers. This programme gives you a complete, job-ready skill set, built around one principle: you learn by building.",
      "We start with semantic HTML and responsive CSS, then move to modern JavaScript and the DOM. You will use Git and GitHub the way professional teams do, build interactive interfaces with React, and write REST APIs with Node.js and Express backed by a PostgreSQL database. The final weeks cover authentication, automated testing and deploying your application to the cloud.",
      "Every module ends with a practical assignment reviewed by the instructor, and the course closes with a capstone project of your choice that you present to the group. Live sessions run twice a week in the evening, and all recordings stay available to you.",
      "Requirements: basic computer skills and comfort with English technical terms. No previous programming experience is strictly required, but completing our free Python basics course first is recommended.",
    ].join("\n\n"),
    curriculum: [
      "Modern HTML and responsive CSS",
      "JavaScript fundamentals and the DOM",
      "Git, GitHub and team workflows",
      "React: components, state and routing",
      "Node.js and Express REST APIs",
      "Databases with PostgreSQL",
      "Authentication, testing and deployment",
      "Capstone project",
    ],
    category: "technology",
    subcategory: "web-development",
    instructor: "instructor-ahmed-samir",
    hours: 60,
    price: 6500,
    priceVisible: true,
    isPublished: true,
  },
  {
    slug: "english-for-beginners",
    title: "الإنجليزية للمبتدئين: من الصفر إلى المحادثة",
    language: "ar",
    level: "beginner",
    summary:
      "دورة عملية تبدأ معك من الأساسيات: النطق الصحيح والمفردات اليومية وتكوين الجمل البسيطة، حتى تتمكن من التعريف بنفسك وإجراء محادثات قصيرة بثقة في مواقف الحياة اليومية والعمل.",
    description: [
      "صُممت هذه الدورة لمن يبدأ تعلّم اللغة الإنجليزية من الصفر، أو لمن درسها سابقًا ويشعر أنه نسي معظمها. تُشرح القواعد باللغة العربية خطوة بخطوة، مع تدريب مكثف على الاستماع والنطق منذ المحاضرة الأولى.",
      "على مدار الدورة ستتعلم أكثر من 600 كلمة وتعبير شائع، والأزمنة الأساسية، وكيفية طرح الأسئلة والإجابة عنها، إلى جانب مواقف عملية مثل التسوق وحجز المواعيد والتعريف بنفسك في مقابلة عمل.",
      "تُعقد المحاضرات مباشرةً عبر الإنترنت في مجموعات صغيرة لا تتجاوز 12 متدربًا، وتُتاح التسجيلات بعد كل محاضرة للمراجعة. وفي نهاية الدورة يحصل المتدرب على شهادة إتمام من الأكاديمية بعد اجتياز الاختبار النهائي.",
      "لا تحتاج إلى أي خبرة سابقة، يكفي جهاز متصل بالإنترنت ورغبة حقيقية في التعلم.",
    ].join("\n\n"),
    curriculum: [
      "الحروف والأصوات والنطق الصحيح",
      "التعريف بالنفس والتحيات",
      "الأرقام والوقت والتواريخ",
      "المضارع البسيط والروتين اليومي",
      "الماضي البسيط ورواية الأحداث",
      "التسوق والمطاعم والسفر",
      "محادثات تطبيقية ومراجعة شاملة",
    ],
    category: "languages",
    subcategory: "general-english",
    instructor: "instructor-mona-elsayed",
    hours: 30,
    price: 1500,
    priceVisible: true,
    isPublished: true,
  },
  {
    slug: "social-media-marketing",
    title: "التسويق عبر وسائل التواصل الاجتماعي",
    language: "ar",
    level: "beginner",
    summary:
      "تعلّم كيف تبني حضورًا قويًا لعلامتك التجارية على فيسبوك وإنستجرام وتيك توك، وتخطط لمحتوى يجذب العملاء، وتطلق حملات إعلانية ممولة بميزانية مدروسة وتقيس نتائجها.",
    description: [
      "أصبحت منصات التواصل الاجتماعي القناة الأولى للوصول إلى العملاء في مصر والعالم العربي. تساعدك هذه الدورة على الانتقال من النشر العشوائي إلى استراتيجية تسويقية واضحة مبنية على فهم الجمهور وتحليل الأرقام.",
      "تتعرف خلال الدورة على طرق تحديد الجمهور المستهدف وبناء شخصية العميل، وإعداد خطة محتوى شهرية، وكتابة منشورات وإعلانات مقنعة، وأساسيات تصوير المحتوى وإنتاج الفيديوهات القصيرة بالهاتف المحمول.",
      "كما تتعلم إعداد الحملات الممولة عبر Meta Business Suite، واختيار الهدف الإعلاني المناسب، وتوزيع الميزانية، وقراءة التقارير لتحسين النتائج باستمرار.",
      "الدورة مناسبة لأصحاب المشروعات الصغيرة، ومسؤولي التسويق المبتدئين، ومن يرغب في العمل المستقل في إدارة صفحات العملاء.",
    ].join("\n\n"),
    curriculum: [
      "أساسيات التسويق الرقمي وفهم الجمهور",
      "بناء هوية العلامة التجارية على المنصات",
      "التخطيط للمحتوى وكتابة المنشورات",
      "إنتاج الفيديوهات القصيرة",
      "الإعلانات الممولة عبر Meta",
      "قياس الأداء وتحسين الحملات",
    ],
    category: "business",
    subcategory: "digital-marketing",
    instructor: "instructor-karim-abdelaziz",
    hours: 18,
    price: 1900,
    priceVisible: true,
    isPublished: true,
  },
  {
    slug: "ui-ux-design-with-figma",
    title: "UI/UX Design with Figma",
    language: "en",
    level: "beginner",
    summary:
      "Design user-friendly websites and mobile apps, from research to a clickable prototype. Learn the UX process, wireframing, visual design, design systems and usability testing in Figma, including right-to-left Arabic layouts.",
    description: [
      "Good products are designed, not decorated. In this course you follow the complete process that product teams use to design digital products people enjoy using, and you practise every step in Figma, the industry-standard design tool.",
      "You will learn how to interview users and turn findings into personas and user journeys, organise content with information architecture, and sketch and wireframe your ideas. We then cover visual design — typography, colour, spacing and grids — and build reusable components and a small design system with auto layout. A dedicated session covers bilingual and right-to-left interfaces, a skill that is highly valued by employers in the region.",
      "Throughout the course you work on one case study, from the problem statement to a tested, interactive prototype. You finish with a portfolio-ready case study and a clear plan for applying to junior UI/UX roles.",
      "No previous design experience is needed. A laptop and a free Figma account are enough.",
    ].join("\n\n"),
    curriculum: [
      "Introduction to UX and the design process",
      "User research and personas",
      "Information architecture and user flows",
      "Wireframing in Figma",
      "Visual design: typography, colour and grids",
      "Components, auto layout and design systems",
      "Prototyping and usability testing",
      "Case study and portfolio presentation",
    ],
    category: "design",
    subcategory: "ui-ux-design",
    instructor: "instructor-nourhan-mostafa",
    hours: 32,
    price: 3500,
    priceVisible: true,
    isPublished: true,
  },
  {
    slug: "python-programming-basics",
    title: "أساسيات البرمجة بلغة بايثون",
    language: "ar",
    level: "beginner",
    summary:
      "مدخلك المجاني إلى عالم البرمجة: تعرّف على لغة بايثون واكتب برامجك الأولى، وافهم المتغيرات والشروط والحلقات والدوال من خلال تمارين قصيرة ومشروع تطبيقي بسيط.",
    description: [
      "بايثون من أسهل لغات البرمجة تعلمًا وأكثرها طلبًا في سوق العمل، إذ تُستخدم في تحليل البيانات والذكاء الاصطناعي وتطوير الويب وأتمتة المهام. تقدّم لك هذه الدورة المجانية الأساس الذي تحتاجه قبل التخصص في أي من هذه المجالات.",
      "تبدأ الدورة بتثبيت بيئة العمل وكتابة أول برنامج، ثم تنتقل إلى أنواع البيانات والمتغيرات والعمليات الحسابية، والجمل الشرطية والحلقات التكرارية، والقوائم والقواميس، وكتابة الدوال وتنظيم الكود. ويعقب كل درس تمرين عملي قصير يمكنك حله وإرساله للمراجعة.",
      "في الأسبوع الأخير تطبّق ما تعلمته في مشروع صغير: برنامج لإدارة مصروفاتك الشهرية يقرأ البيانات من ملف ويعرض ملخصًا لها.",
      "الدورة مناسبة لطلاب الجامعات وحديثي التخرج، ولكل من يفكر في التحول المهني إلى مجال التكنولوجيا.",
    ].join("\n\n"),
    curriculum: [
      "مقدمة إلى البرمجة وتثبيت بايثون",
      "المتغيرات وأنواع البيانات",
      "الجمل الشرطية والحلقات التكرارية",
      "القوائم والقواميس",
      "الدوال وتنظيم الكود",
      "التعامل مع الملفات",
      "مشروع تطبيقي: مدير المصروفات الشخصية",
    ],
    category: "technology",
    subcategory: "data-science",
    instructor: "instructor-ahmed-samir",
    hours: 20,
    price: 0,
    priceVisible: true,
    isPublished: true,
  },
  {
    slug: "ielts-academic-preparation",
    title: "IELTS Academic Preparation",
    language: "en",
    level: "advanced",
    summary:
      "A structured programme to reach your target IELTS band: test strategies for all four skills, timed practice with authentic materials, and personal feedback on your writing and speaking from a certified trainer.",
    description: [
      "Whether you are applying to a university abroad, a scholarship or a professional licence, your IELTS score matters. This course is designed for learners at upper-intermediate level (B2) or above who want a clear plan to reach band 6.5–7.5.",
      "Each skill is covered in depth. In Listening and Reading you learn to recognise every question type and manage your time under exam conditions. In Writing you master the structure of Task 1 reports and Task 2 essays, and every week you submit an essay that is marked against the official band descriptors with detailed comments. In Speaking you practise all three parts of the test in one-to-one mock interviews.",
      "The course includes two full mock tests under real timing, a vocabulary bank of high-frequency academic words, and a personal study plan based on your results.",
      "Classes are held live online in groups of no more than ten learners, so every participant gets the attention they need.",
    ].join("\n\n"),
    curriculum: [
      "Understanding the IELTS format and band descriptors",
      "Listening: strategies and timed practice",
      "Reading: skimming, scanning and question types",
      "Writing Task 1: describing charts and processes",
      "Writing Task 2: essay structure and argument",
      "Speaking: fluency, vocabulary and mock interviews",
      "Full mock test and feedback",
    ],
    category: "languages",
    subcategory: "exam-preparation",
    instructor: "instructor-mona-elsayed",
    hours: 36,
    price: 3200,
    priceVisible: true,
    isPublished: true,
  },
  {
    slug: "pmp-exam-preparation",
    title: "إدارة المشروعات الاحترافية والتحضير لاختبار PMP",
    language: "ar",
    level: "advanced",
    summary:
      "برنامج تحضيري متكامل لاختبار PMP وفق أحدث مخطط للاختبار، يجمع بين المنهجيات التقليدية والرشيقة (Agile)، ويوفر 35 ساعة تعليمية مطلوبة للتقدم إلى الاختبار.",
    description: [
      "شهادة مدير المشروعات المحترف (PMP) الصادرة عن معهد إدارة المشروعات (PMI) من أكثر الشهادات المهنية طلبًا في قطاعات الإنشاءات والاتصالات والتكنولوجيا والبنوك. صُمم هذا البرنامج لمساعدتك على اجتياز الاختبار من المحاولة الأولى، وعلى تطبيق ما تتعلمه في مشروعاتك الفعلية.",
      "يغطي البرنامج المجالات الثلاثة لمخطط الاختبار: الأفراد، والعمليات، وبيئة الأعمال، ويشرح إدارة النطاق والجدول الزمني والتكلفة والجودة والمخاطر وأصحاب المصلحة، إلى جانب ممارسات Agile وScrum التي تشكّل نحو نصف أسئلة الاختبار.",
      "يحصل كل متدرب على بنك أسئلة يضم أكثر من 1000 سؤال تدريبي، واختبارين تجريبيين كاملين بنظام الاختبار الحقيقي، وجلسة متابعة فردية لمراجعة خطة المذاكرة. كما نساعدك في استيفاء طلب التقدم للاختبار على موقع PMI.",
      "يُشترط للتقدم إلى الاختبار خبرة عملية في قيادة المشروعات، لذا يُنصح بهذا البرنامج لمن لديه ثلاث سنوات من الخبرة على الأقل. يختلف سعر البرنامج حسب نظام الدراسة (فردي أو مجموعات أو تدريب مؤسسي)، فتواصل معنا لمعرفة التفاصيل.",
    ].join("\n\n"),
    curriculum: [
      "مدخل إلى إدارة المشروعات وإطار عمل PMI",
      "بدء المشروع وإدارة أصحاب المصلحة",
      "تخطيط النطاق والجدول الزمني والتكلفة",
      "إدارة الجودة والمخاطر والمشتريات",
      "قيادة الفريق وإدارة الأفراد",
      "منهجيات Agile وScrum",
      "استراتيجيات حل الأسئلة واختبارات تجريبية",
    ],
    category: "business",
    subcategory: "project-management",
    instructor: "instructor-hany-fathy",
    hours: 35,
    price: 4500,
    priceVisible: false,
    isPublished: true,
  },
  {
    slug: "machine-learning-foundations",
    title: "Machine Learning Foundations",
    language: "en",
    level: "advanced",
    summary:
      "Learn how machine learning models really work and build them in Python with scikit-learn: regression, classification, clustering and model evaluation, applied to real datasets from business and healthcare.",
    description: [
      "Machine learning is no longer reserved for research labs: banks use it to detect fraud, retailers to forecast demand and hospitals to support diagnosis. This course gives you a solid, practical understanding of the core algorithms and the judgement to apply them correctly.",
      "After a refresher on NumPy and pandas, you learn to explore and visualise data, then build and interpret linear and logistic regression models, decision trees, random forests and gradient boosting. You also cover clustering and dimensionality reduction, and — most importantly — how to evaluate, validate and tune models so that they work on data they have never seen.",
      "The course ends with an end-to-end project: you choose a dataset, build a complete pipeline from cleaning to a deployed model, and present your results.",
      "Requirements: comfortable Python programming and basic statistics. Pricing depends on the delivery format (public group or in-house corporate training); contact us for a quotation.",
    ].join("\n\n"),
    curriculum: [
      "Python for data science: NumPy and pandas",
      "Exploratory data analysis and visualisation",
      "Linear and logistic regression",
      "Decision trees and ensemble methods",
      "Clustering and dimensionality reduction",
      "Model evaluation and tuning",
      "Final project: an end-to-end ML pipeline",
    ],
    category: "technology",
    subcategory: "data-science",
    instructor: "instructor-ahmed-samir",
    hours: 40,
    price: 7500,
    priceVisible: false,
    isPublished: false,
  },
  {
    slug: "graphic-design-photoshop-illustrator",
    title: "التصميم الجرافيكي باستخدام Photoshop وIllustrator",
    language: "ar",
    level: "beginner",
    summary:
      "ابدأ رحلتك في التصميم الجرافيكي: أسس التصميم والألوان والخطوط، واحتراف برنامجي Adobe Photoshop وIllustrator في تصميم الشعارات والهويات البصرية ومنشورات وسائل التواصل الاجتماعي.",
    description: [
      "التصميم الجرافيكي مهارة مطلوبة في الشركات ووكالات الدعاية ومنصات العمل الحر. تجمع هذه الدورة بين أسس التصميم النظرية والتطبيق العملي على أشهر برنامجين في المجال.",
      "في الجزء الأول تتعرف على مبادئ التكوين والتوازن والتباين، ونظريات الألوان، واختيار الخطوط العربية واللاتينية وتنسيقها. ثم تتعلم Photoshop لمعالجة الصور وتصميم الإعلانات، وIllustrator لرسم الأيقونات والشعارات بالرسوم المتجهة.",
      "تنفّذ خلال الدورة خمسة مشروعات تطبيقية، منها شعار وهوية بصرية متكاملة لمشروع ناشئ، وسلسلة منشورات لحملة إعلانية، ويراجع المدرب كل مشروع ويقدّم لك ملاحظات فردية تساعدك على التطور.",
      "في نهاية الدورة يكون لديك ملف أعمال (Portfolio) يمكنك عرضه على أصحاب العمل أو العملاء.",
    ].join("\n\n"),
    curriculum: [
      "أسس التصميم ونظرية الألوان",
      "الخطوط وتنسيق النصوص العربية واللاتينية",
      "أساسيات Photoshop ومعالجة الصور",
      "تصميم الإعلانات ومنشورات التواصل الاجتماعي",
      "الرسم المتجه في Illustrator",
      "تصميم الشعار والهوية البصرية",
      "إعداد ملف الأعمال",
    ],
    category: "design",
    subcategory: "graphic-design",
    instructor: "instructor-nourhan-mostafa",
    hours: 30,
    price: 2400,
    priceVisible: true,
    isPublished: true,
  },
  {
    slug: "business-english-for-the-workplace",
    title: "Business English for the Workplace",
    language: "en",
    level: "intermediate",
    summary:
      "Communicate confidently at work: write clear e-mails and reports, lead meetings, present ideas and negotiate in English. Built around real situations from Egyptian and multinational companies.",
    description: [
      "Strong English is one of the fastest ways to move up in your career, especially in multinational companies, banks and outsourcing centres. This course focuses on the language you actually need at work, not on grammar for its own sake.",
      "You will practise writing clear, polite e-mails and short reports, making small talk and networking, running and taking part in meetings, presenting figures and ideas, and negotiating with clients and colleagues. Each session is built around a realistic workplace scenario, with role-plays in pairs and small groups.",
      "Your trainer gives you individual feedback on pronunciation and on the written tasks you submit each week. The course finishes with a full-day business simulation in which you put every skill together.",
      "Recommended level: pre-intermediate (A2) or above. A short placement test is included when you enrol.",
    ].join("\n\n"),
    curriculum: [
      "Professional e-mails and written tone",
      "Small talk and networking",
      "Meetings: leading, joining and following up",
      "Presenting data and ideas",
      "Negotiation and persuasion",
      "Telephone and video-call English",
      "Final simulation: a full business day",
    ],
    category: "languages",
    subcategory: "business-english",
    instructor: "instructor-mona-elsayed",
    hours: 24,
    price: 1800,
    priceVisible: true,
    isPublished: true,
  },
  {
    slug: "data-analysis-excel-power-bi",
    title: "تحليل البيانات باستخدام Excel وPower BI",
    language: "ar",
    level: "intermediate",
    summary:
      "حوّل البيانات الخام إلى تقارير ولوحات معلومات تفاعلية تدعم اتخاذ القرار، باستخدام أدوات Excel المتقدمة وPower Query وPower BI، مع تطبيقات على بيانات حقيقية من قطاعي المبيعات والموارد البشرية.",
    description: [
      "تحتاج الشركات اليوم إلى موظفين قادرين على قراءة البيانات واستخلاص النتائج منها بسرعة ودقة. في هذه الدورة تتعلم منهجية متكاملة لتحليل البيانات تبدأ بجمعها وتنظيفها وتنتهي بعرض النتائج في لوحات معلومات احترافية.",
      "نبدأ بأدوات Excel المتقدمة مثل الجداول المحورية والدوال الشرطية ودالة XLOOKUP، ثم ننتقل إلى Power Query لتنظيف البيانات ودمجها من مصادر متعددة تلقائيًا. بعد ذلك نبني نموذج بيانات في Power BI ونكتب مقاييس بلغة DAX، ونصمم تقارير تفاعلية يمكن مشاركتها مع الإدارة.",
      "تعتمد الدورة على حالات عملية من السوق المصري، مثل تحليل مبيعات سلسلة متاجر ومتابعة مؤشرات أداء الموظفين. وفي نهايتها تسلّم مشروعًا كاملًا يمكنك إضافته إلى ملف أعمالك.",
      "المتطلبات: معرفة أساسية ببرنامج Excel، وجهاز يعمل بنظام Windows.",
    ].join("\n\n"),
    curriculum: [
      "مراجعة أدوات Excel الأساسية والجداول",
      "الجداول المحورية والدوال المتقدمة",
      "تنظيف البيانات ودمجها باستخدام Power Query",
      "بناء نموذج البيانات في Power BI",
      "مقاييس DAX الأساسية",
      "تصميم لوحات المعلومات ومشاركتها",
      "مشروع التخرج: لوحة مبيعات متكاملة",
    ],
    category: "technology",
    subcategory: "data-science",
    instructor: "instructor-ahmed-samir",
    hours: 28,
    price: 2800,
    priceVisible: true,
    isPublished: true,
  },
  {
    slug: "google-ads-performance-marketing",
    title: "Google Ads & Performance Marketing",
    language: "en",
    level: "intermediate",
    summary:
      "Plan, launch and optimise profitable Google Ads campaigns across Search, Display and YouTube. Learn keyword research, bidding strategies, conversion tracking and reporting that proves your return on ad spend.",
    description: [
      "Paid search is often the fastest way to bring ready-to-buy customers to a website, and one of the easiest ways to waste a budget. This course teaches you to run Google Ads campaigns that pay for themselves.",
      "You start with how the ad auction and Quality Score work, then learn to research keywords, structure an account and write search ads that earn clicks. We cover Display, YouTube and Performance Max campaigns, set up conversion tracking with Google Tag Manager and GA4, and compare bidding strategies for lead generation and e-commerce.",
      "All exercises are done in a live practice account, and you finish by auditing a real campaign and presenting an optimisation plan. The course also prepares you for the free Google Ads certifications.",
      "Recommended for marketers with basic digital marketing knowledge and business owners who manage their own advertising.",
    ].join("\n\n"),
    curriculum: [
      "How Google Ads works: auctions and Quality Score",
      "Keyword research and account structure",
      "Writing high-converting search ads",
      "Display, YouTube and Performance Max campaigns",
      "Conversion tracking with Google Tag Manager and GA4",
      "Bidding, budgets and optimisation",
    ],
    category: "business",
    subcategory: "digital-marketing",
    instructor: "instructor-karim-abdelaziz",
    hours: 16,
    price: 2200,
    priceVisible: true,
    isPublished: true,
  },
  {
    slug: "presentation-communication-skills",
    title: "مهارات العرض والتقديم والتواصل الفعّال",
    language: "ar",
    level: null,
    summary:
      "ورشة مجانية مكثفة تساعدك على التحدث أمام الجمهور بثقة، وتنظيم أفكارك في عرض تقديمي مقنع، والتواصل بوضوح مع زملائك ومديريك وعملائك.",
    description: [
      "مهما كانت خبرتك الفنية، تبقى قدرتك على عرض أفكارك وإقناع الآخرين بها عاملًا حاسمًا في تقدمك المهني. هذه الورشة العملية موجهة للطلاب والموظفين في بداية مسيرتهم المهنية.",
      "تتناول الورشة أسباب رهبة التحدث أمام الجمهور وطرق التغلب عليها، وبناء العرض التقديمي وفق هيكل واضح، وتصميم شرائح بسيطة ومؤثرة، ولغة الجسد ونبرة الصوت، والتعامل مع الأسئلة الصعبة. كما تتدرب على مهارات الإنصات الفعّال وكتابة رسائل البريد الإلكتروني المهنية.",
      "يقدّم كل مشارك عرضًا قصيرًا في الجلسة الأخيرة، ويحصل على تقييم مفصل من المدرب وزملائه.",
    ].join("\n\n"),
    curriculum: [],
    category: "career-skills",
    subcategory: "communication-skills",
    instructor: "instructor-hany-fathy",
    hours: 8,
    price: 0,
    priceVisible: true,
    isPublished: true,
  },
  {
    slug: "job-interview-cv-masterclass",
    title: "Job Interview & CV Masterclass",
    language: "en",
    level: null,
    summary:
      "Write a CV that gets past applicant tracking systems, build a strong LinkedIn profile, and answer the toughest interview questions with confidence. Includes a recorded mock interview with personal feedback.",
    description: [
      "Many capable graduates lose opportunities not because of their skills, but because of how they present them. This short, intensive masterclass shows you what recruiters in Egypt and the Gulf actually look for.",
      "You will rewrite your CV step by step, learn how applicant tracking systems read it, and optimise your LinkedIn profile so recruiters can find you. We then prepare for interviews: common and behavioural questions, the STAR method, salary discussions and the questions you should ask at the end.",
      "Each participant takes part in a recorded mock interview and receives written feedback with concrete points to improve.",
    ].join("\n\n"),
    curriculum: [],
    category: "career-skills",
    subcategory: "career-readiness",
    instructor: "instructor-hany-fathy",
    hours: 6,
    price: 650,
    priceVisible: true,
    isPublished: false,
  },
];

// ---------------------------------------------------------------------------------------------------------
// Site settings: the defaults inserted on every start (ON CONFLICT DO NOTHING), and the demo's
// ---------------------------------------------------------------------------------------------------------

export interface BilingualText {
  en: string;
  ar: string;
}

export interface ContactSettings {
  address: BilingualText;
  phones: string[];
  email: string;
  /** WhatsApp number in international format, digits only. */
  chatNumber: string;
  /** Pre-filled first message of a chat. */
  chatGreeting: BilingualText;
}

export interface SocialSettings {
  facebook: string;
  instagram: string;
  linkedin: string;
  tiktok: string;
}

export interface AboutSettings {
  yearsOfExperience: number;
  partners: number;
  students: number;
}

export interface BrandSettings {
  name: BilingualText;
  description: BilingualText;
}

export interface DemoSiteSettings {
  contact: ContactSettings;
  social: SocialSettings;
  about: AboutSettings;
  brand: BrandSettings;
  /** Settings → Payments (issue 37): the hold and the manual methods (app/domain/payments/payment-methods.ts). */
  payments: { holdHours: number; methods: StoredPaymentMethods };
}

/**
 * What every database starts with (issue 33): the brand and the chat greeting, and no contact details,
 * social links or About figures, so a site without demo content never shows or mails made-up ones (the
 * public pages leave out what is not set; the dashboard lists what to fill in). Absent pieces are left
 * out, as the Settings form stores them.
 */
export const DEFAULT_SITE_SETTINGS = {
  contact: {
    chatGreeting: {
      en: "Hello! I would like to ask about your courses.",
      ar: "مرحبًا، أودّ الاستفسار عن الدورات التدريبية المتاحة لديكم.",
    },
  },
  social: {},
  about: {},
  brand: {
    name: { en: "Nile Academy", ar: "أكاديمية النيل" },
    description: {
      en: "Practical online courses taught live by Egyptian experts, in Arabic and English, to help you learn the skills the job market asks for.",
      ar: "دورات تدريبية عملية عبر الإنترنت يقدّمها خبراء مصريون مباشرةً باللغتين العربية والإنجليزية، لتكتسب المهارات التي يطلبها سوق العمل.",
    },
  },
} as const satisfies { [K in Exclude<keyof DemoSiteSettings, "payments">]: Partial<DemoSiteSettings[K]> };

/**
 * The demo's settings (seedDemo, only with SEED_DEMO): placeholder contact details, social links and
 * figures, so the demo site looks complete. Never inserted into a database without the demo catalogue.
 */
export const DEMO_SITE_SETTINGS: DemoSiteSettings = {
  contact: {
    address: {
      en: "7 Abbas El-Akkad Street, Nasr City, Cairo, Egypt",
      ar: "7 شارع عباس العقاد، مدينة نصر، القاهرة، مصر",
    },
    // D26: stored in E.164; the site shows "+20 10 1234 5678".
    phones: ["+201012345678", "+201223456789"],
    email: "info@nileacademy.example",
    chatNumber: "+201012345678",
    chatGreeting: DEFAULT_SITE_SETTINGS.contact.chatGreeting,
  },
  social: {
    facebook: "https://www.facebook.com/nileacademy.example",
    instagram: "https://www.instagram.com/nileacademy.example",
    linkedin: "https://www.linkedin.com/company/nileacademy-example",
    tiktok: "https://www.tiktok.com/@nileacademy.example",
  },
  about: {
    yearsOfExperience: 8,
    partners: 35,
    students: 15000,
  },
  brand: DEFAULT_SITE_SETTINGS.brand,
  payments: {
    holdHours: 48,
    methods: {
      instapay: { enabled: true, address: "nileacademy@instapay", mobile: "+201012345678" },
      wallet: { enabled: true, number: "+201012345678", names: { en: "Vodafone Cash, Orange Cash, Etisalat Cash", ar: "فودافون كاش، أورنج كاش، اتصالات كاش" } },
      bank: {
        enabled: true,
        bank: { en: "National Bank of Egypt", ar: "البنك الأهلي المصري" },
        holder: { en: "Nile Academy for Training", ar: "أكاديمية النيل للتدريب" },
        account: "0026318000200",
        // A made-up account whose check digits hold (ISO 13616), like the demo's other placeholders.
        iban: "EG380019000500000000263180002",
      },
      cash: {
        enabled: true,
        address: { en: "7 Abbas El-Akkad Street, Nasr City, Cairo (2nd floor)", ar: "7 شارع عباس العقاد، مدينة نصر، القاهرة (الدور الثاني)" },
        hours: { en: "Sunday to Thursday, 10 am to 6 pm", ar: "من الأحد إلى الخميس، من 10 صباحًا حتى 6 مساءً" },
      },
    },
  },
};

/** Default permission list of the manager role (D13, D18); admins may change it later. */
export const DEFAULT_ROLE_PERMISSIONS: Readonly<Record<string, readonly string[]>> = {
  instructor_course_manager: [
    "courses:view",
    "courses:create",
    "courses:edit",
    "instructors:view",
    "instructors:edit",
    "categories:view",
    "enrollments:view",
  ],
};
