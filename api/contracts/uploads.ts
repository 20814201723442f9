/** What each kind of upload accepts: types by content (magic bytes), limits and messages. */

const MB = 1024 * 1024;

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
export const VIDEO_TYPES = ["video/mp4", "video/webm", "video/quicktime"] as const;

export interface UploadRule {
  types: readonly string[];
  /** Inclusive. */
  maxBytes: number;
  tooLarge: string;
}

export interface UploadKind {
  /** A file of none of the rules' types, no file, or markup (SVG, HTML) whatever it claims. */
  wrongType: string;
  /** The first rule whose types hold the sniffed type applies. */
  rules: readonly UploadRule[];
}

export const uploadKinds = {
  avatar: {
    wrongType: "Please select an image file",
    rules: [{ types: IMAGE_TYPES, maxBytes: 5 * MB, tooLarge: "Image must be less than 5MB" }],
  },
  logo: {
    wrongType: "Please select an image file",
    rules: [{ types: IMAGE_TYPES, maxBytes: 10 * MB, tooLarge: "File size must be less than 10MB" }],
  },
  heroVideo: {
    wrongType: "Please select a video file",
    rules: [{ types: VIDEO_TYPES, maxBytes: 50 * MB, tooLarge: "Video file must be less than 50MB" }],
  },
  messageAttachment: {
    wrongType: "Please select an image or video file",
    rules: [
      { types: IMAGE_TYPES, maxBytes: 5 * MB, tooLarge: "Image must be less than 5MB" },
      { types: VIDEO_TYPES, maxBytes: 500 * MB, tooLarge: "Video must be less than 500MB" },
    ],
  },
  // One image per support message, capped like an avatar (docs/decisions/105-support-inbox.md).
  supportImage: {
    wrongType: "Please select an image file",
    rules: [{ types: IMAGE_TYPES, maxBytes: 5 * MB, tooLarge: "Image must be less than 5MB" }],
  },
  // A broadcast's one image, sent as a photo: the types Telegram shows as a photo, capped as a
  // support image (docs/decisions/108-broadcasts.md).
  broadcastImage: {
    wrongType: "Please select a PNG, JPEG or WebP image",
    rules: [
      {
        types: ["image/png", "image/jpeg", "image/webp"],
        maxBytes: 5 * MB,
        tooLarge: "Image must be less than 5MB",
      },
    ],
  },
  // The limits for product images and certificates are ours (docs/decisions/009-one-upload-pipeline.md).
  productImage: {
    wrongType: "Please select an image file",
    rules: [{ types: IMAGE_TYPES, maxBytes: 10 * MB, tooLarge: "Image must be less than 10MB" }],
  },
  certificate: {
    wrongType: "Certificate must be a PDF, JPG or PNG file",
    rules: [
      {
        types: ["application/pdf", "image/jpeg", "image/png"],
        maxBytes: 10 * MB,
        tooLarge: "Certificate must be less than 10MB",
      },
    ],
  },
} as const satisfies Record<string, UploadKind>;

export type UploadKindName = keyof typeof uploadKinds;
