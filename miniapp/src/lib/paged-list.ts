import { useState } from "react";

/** What an admin list shows: the rows of its first pages, how many match in all, and the page size. */
export interface Pages<T> {
  items: T[];
  total: number;
  pageSize: number;
}

/**
 * The first `count` pages, fetched together (a reload refreshes all that is shown). A row that
 * moved between pages meanwhile shows once.
 */
export async function fetchPages<T extends { id: string }>(
  count: number,
  fetchPage: (page: string) => Promise<Pages<T>>,
): Promise<Pages<T>> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, index) => fetchPage(String(index + 1))),
  );
  const byId = new Map(answers.flatMap((answer) => answer.items.map((item) => [item.id, item])));
  const last = answers.at(-1);
  return { items: [...byId.values()], total: last?.total ?? 0, pageSize: last?.pageSize ?? 0 };
}

/** How many pages are shown for the list `key` (Load more adds one); another key starts at one. */
export function usePageCount(key: string): [pages: number, loadMore: () => void] {
  const [more, setMore] = useState({ key, pages: 1 });
  const pages = more.key === key ? more.pages : 1;
  return [pages, () => setMore({ key, pages: pages + 1 })];
}
