import { z } from "zod";

/** The admin lists' page size when none is asked for; at most MAX_PAGE_SIZE. */
export const ADMIN_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;

/** `?search`: free text, trimmed; the lists match it literally (no wildcards). */
export const searchQuery = z.string().trim().max(100).optional();

/** `?page` (from 1) and `?pageSize` of an admin list. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
};

/** What a page of an admin list says besides its rows: how many match in all, and which page this is. */
export const pageFields = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
};

/** The rows a page covers. */
export const pageWindow = ({ page, pageSize }: { page: number; pageSize: number }) => ({
  offset: (page - 1) * pageSize,
  limit: pageSize,
});
