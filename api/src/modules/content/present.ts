import {
  type CatalogueResponse,
  type Course,
  type FaqResponse,
  type FaqSection,
  type LegalPage,
  type LegalPageName,
  type LegalPageResponse,
  type Module,
  type ModuleOutline,
  publicCourseSummary,
  type QuizQuestion,
} from '@pd/domain';

/**
 * The only shapes of content that leave the api (domain/src/content-api.ts). Each field is
 * copied by name, so a field added to the content files is not served until it is added here.
 */

/** The public catalogue: summaries only (no overview, lesson, quiz or answer key). */
export function presentCatalogue(courses: readonly Course[]): CatalogueResponse {
  return { courses: courses.map(publicCourseSummary) };
}

function presentQuestion(question: QuizQuestion): QuizQuestion {
  return {
    question: question.question,
    choices: [...question.choices],
    answer: question.answer,
    explanation: question.explanation,
  };
}

function presentModule(module: Module): Module;
function presentModule(module: ModuleOutline): ModuleOutline;
function presentModule(module: ModuleOutline): ModuleOutline {
  return {
    id: module.id,
    slug: module.slug,
    title: module.title,
    description: module.description,
    duration: module.duration,
    ...(module.videoUrl !== undefined && { videoUrl: module.videoUrl }),
    ...(module.image !== undefined && { image: module.image }),
    ...(module.imageAlt !== undefined && { imageAlt: module.imageAlt }),
    markdown: module.markdown,
    ...(module.lessonHtml !== undefined && { lessonHtml: module.lessonHtml }),
    ...(module.quiz !== undefined && { quiz: module.quiz.map(presentQuestion) }),
    ...(module.bestPracticeTip !== undefined && { bestPracticeTip: module.bestPracticeTip }),
    ...(module.lastReviewed !== undefined && { lastReviewed: module.lastReviewed }),
    ...(module.sources !== undefined && { sources: module.sources }),
    ...(module.workshopInquiry !== undefined && { workshopInquiry: module.workshopInquiry }),
  };
}

/** A whole course, for a user the policy lets open it: lessons, tips, quizzes with answer keys. */
export function presentCourse(course: Course): Course {
  const info = {
    id: course.id,
    slug: course.slug,
    title: course.title,
    description: course.description,
    theme: { gradient: course.theme.gradient, primaryColor: course.theme.primaryColor },
    duration: course.duration,
    totalMinutes: course.totalMinutes,
    isPremium: course.isPremium,
    overview: course.overview,
  };
  return course.isComingSoon
    ? { ...info, isComingSoon: true, modules: course.modules.map((m) => presentModule(m)) }
    : { ...info, isComingSoon: false, modules: course.modules.map((m) => presentModule(m)) };
}

export function presentFaq(sections: readonly FaqSection[]): FaqResponse {
  return {
    sections: sections.map((section) => ({
      id: section.id,
      title: section.title,
      items: section.items.map((item) => ({ question: item.question, answer: item.answer })),
    })),
  };
}

export function presentLegalPage(name: LegalPageName, page: LegalPage): LegalPageResponse {
  return { page: name, title: page.title, lastUpdated: page.lastUpdated, markdown: page.markdown };
}
