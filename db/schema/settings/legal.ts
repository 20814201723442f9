import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "../columns";

export const legalDocumentTypes = ["terms", "privacy", "refund", "shipping", "cancellation"] as const;
export const legalDocumentType = pgEnum("legal_document_type", legalDocumentTypes);

export const legalDocuments = pgTable(
  "legal_documents",
  {
    id: id(),
    documentType: legalDocumentType("document_type").notNull(),
    version: integer("version").notNull().default(1),
    content: text("content").notNull(),
    effectiveDate: date("effective_date").notNull().defaultNow(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("legal_documents_type_version_key").on(t.documentType, t.version),
    // At most one active document of each type.
    uniqueIndex("legal_documents_one_active_key").on(t.documentType).where(sql`${t.isActive}`),
    index("legal_documents_type_idx").on(t.documentType, t.version.desc()),
  ],
);
