/** The 11-character id of the first YouTube video a text links to (youtu.be/ID, youtube.com/watch?v=ID). */
export function youtubeId(text: string): string | null {
  for (const match of text.matchAll(/\bhttps?:\/\/[^\s<>"']+/gi)) {
    let url: URL;
    try {
      url = new URL(match[0]);
    } catch {
      continue;
    }
    const host = url.hostname.toLowerCase();
    const id =
      host === "youtu.be"
        ? url.pathname.slice(1)
        : /^(www\.|m\.)?youtube\.com$/.test(host) && url.pathname === "/watch"
          ? (url.searchParams.get("v") ?? "")
          : "";
    if (/^[A-Za-z0-9_-]{11}$/.test(id)) return id;
  }
  return null;
}

/** The privacy-enhanced player (no cookies until the person plays it). */
export const youtubeEmbedUrl = (id: string): string => `https://www.youtube-nocookie.com/embed/${id}`;

/** A message's media file is a video when its name says so (the upload pipeline names by type). */
export const isVideoUrl = (url: string): boolean => /\.(mp4|webm|mov|m4v)(\?.*)?$/i.test(url);
