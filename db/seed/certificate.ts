// A tiny hand-built PDF for the demo certificates of analysis: one page, Helvetica, text only.
// Every byte is ASCII, so string lengths are byte offsets and the xref table can be computed directly.

function pdfText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, "?").replace(/[\\()]/g, "\\$&");
}

export interface CertificateLine {
  text: string;
  size?: number;
}

/** A valid single-page PDF showing the lines top to bottom. */
export function simplePdf(lines: readonly CertificateLine[]): Uint8Array {
  const body = lines
    .map(
      (line, i) =>
        `/F1 ${line.size ?? 12} Tf ${i === 0 ? "72 720 Td" : "0 -24 Td"} (${pdfText(line.text)}) Tj`,
    )
    .join("\n");
  const stream = `BT\n${body}\nET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = pdf.length;
  // Each xref entry is exactly 20 bytes, ending in space + newline.
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

export interface CertificateInfo {
  title: string;
  batchNumber: string;
  testedOn: string;
  thcPercentage: string | null;
  cbdPercentage: string | null;
}

export function certificateOfAnalysisPdf(info: CertificateInfo): Uint8Array {
  return simplePdf([
    { text: `Certificate of Analysis ${info.title} ${info.batchNumber}`, size: 16 },
    { text: "Private Smoke Shop - independent laboratory summary (demo document)", size: 10 },
    { text: `Product: ${info.title}` },
    { text: `Batch: ${info.batchNumber}` },
    { text: `Date tested: ${info.testedOn}` },
    { text: `Delta-9 THC: ${info.thcPercentage ?? "n/a"}% (limit 0.3% dry weight) - PASS` },
    { text: `Total CBD: ${info.cbdPercentage ?? "n/a"}%` },
    { text: "Pesticides: none detected - PASS" },
    { text: "Heavy metals: below action limits - PASS" },
    { text: "Microbials: absent - PASS" },
    { text: "Residual solvents: none detected - PASS" },
  ]);
}
