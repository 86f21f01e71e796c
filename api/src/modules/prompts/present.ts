import type {
  Prompt,
  PromptCategory,
  PromptCategoryView,
  PromptLibraryResponse,
  PromptView,
} from '@pd/domain';

function presentPrompt(prompt: Prompt, readable: boolean): PromptView {
  const heading = {
    id: prompt.id,
    title: prompt.title,
    description: prompt.description,
    category: prompt.category,
  };
  return readable
    ? { ...heading, locked: false, prompt: prompt.prompt }
    : { ...heading, locked: true, prompt: null };
}

function presentCategory(category: PromptCategory, readable: boolean): PromptCategoryView {
  return {
    id: category.id,
    title: category.title,
    description: category.description,
    category: category.category,
    isPremium: category.isPremium,
    order: category.order,
    prompts: category.prompts.map((prompt) => presentPrompt(prompt, readable)),
  };
}

/** The library as one user sees it: a category's texts only where `readable` says so. */
export function presentPromptLibrary(
  categories: readonly PromptCategory[],
  readable: (category: PromptCategory) => boolean,
): PromptLibraryResponse {
  return { categories: categories.map((category) => presentCategory(category, readable(category))) };
}
