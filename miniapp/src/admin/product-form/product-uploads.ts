import { adminProductResultSchema } from "#api/contracts/admin-products";
import type { StrainAnalysis } from "#api/contracts/strain-analysis";
import { api, call } from "../../lib/api";
import { sendForm } from "../../lib/send-form";

/** Files chosen on the form, sent once the product is saved. */
export interface ChosenFiles {
  primary: File | null;
  additional: File[];
  certificate: File | null;
  /** Edit: images already on the product that are to go. */
  removed: string[];
}

export const noFiles: ChosenFiles = { primary: null, additional: [], certificate: null, removed: [] };

export const hasUploads = (files: ChosenFiles) =>
  files.primary !== null || files.additional.length > 0 || files.certificate !== null;

/**
 * Removes the images marked to go, then sends the images (one request: all or none) and the
 * certificate, reporting the share of all their bytes sent (0 to 1).
 */
export async function saveFiles(
  id: string,
  files: ChosenFiles,
  onProgress: (share: number) => void,
): Promise<void> {
  for (const url of files.removed) {
    await call(api.admin.products[":id"].images.$delete({ param: { id }, json: { url } }));
  }
  const images = [...(files.primary ? [files.primary] : []), ...files.additional];
  const total = [...images, ...(files.certificate ? [files.certificate] : [])].reduce(
    (sum, f) => sum + f.size,
    0,
  );
  let sent = 0;
  const send = async (path: string, form: FormData, size: number) => {
    await sendForm(adminProductResultSchema, `/api/admin/products/${id}/${path}`, form, {
      onProgress: (share) => onProgress(total > 0 ? (sent + share * size) / total : 1),
      onUploaded: () => {},
    }).done;
    sent += size;
    onProgress(total > 0 ? sent / total : 1);
  };
  if (images.length > 0) {
    const form = new FormData();
    if (files.primary) form.append("primary", files.primary);
    for (const file of files.additional) form.append("additional", file);
    await send(
      "images",
      form,
      images.reduce((sum, f) => sum + f.size, 0),
    );
  }
  if (files.certificate) {
    const form = new FormData();
    form.append("file", files.certificate);
    await send("certificate", form, files.certificate.size);
  }
}

/** The file as bare base64, without a data: URL prefix: the form the analysis request sends. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** POST /api/admin/strain-analysis with the chosen primary image. */
export async function analyzeStrain(file: File): Promise<StrainAnalysis> {
  const imageBase64 = await base64Of(file);
  return call(api.admin["strain-analysis"].$post({ json: { imageBase64 } }));
}
