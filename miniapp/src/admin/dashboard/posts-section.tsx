import { Flame, Heart } from "lucide-react";
import type { Dashboard } from "#api/contracts/admin-dashboard";
import { formatShortDate } from "../../lib/dates";
import { countText } from "./dashboard-rules";
import { FigureTable } from "./figures-table";

/** The period's feed posts: reactions in the app and in Telegram, and the five posts with the most. */
export function PostsSection({ posts }: { posts: Dashboard["posts"] }) {
  return (
    <section className="dashboard-section card" aria-labelledby="dashboard-posts">
      <h2 id="dashboard-posts" className="section-title">
        Feed posts
      </h2>
      <p className="hint">{countText(posts.count, "post")} in this period</p>
      <FigureTable
        caption="Reactions to the period's posts, in the app and in Telegram"
        columns={["Reactions", "App", "Telegram"]}
        rows={[
          { key: "hearts", cells: ["Hearts", posts.hearts, posts.telegramHearts] },
          { key: "flames", cells: ["Flames", posts.flames, posts.telegramFlames] },
        ]}
      />
      {posts.top.length > 0 ? (
        <>
          <h3 className="dashboard-subtitle">Top posts</h3>
          <ol className="dashboard-posts" data-testid="top-posts">
            {posts.top.map((post) => (
              <li key={post.id} className="dashboard-post">
                <span className="dashboard-post-text">{post.excerpt || "A post with media only"}</span>
                <span className="dashboard-post-facts hint">
                  {formatShortDate(post.createdAt)} ·{" "}
                  <Heart size={14} aria-hidden="true" className="dashboard-post-icon" />
                  <span className="visually-hidden">Hearts:</span> {post.hearts + post.telegramHearts} ·{" "}
                  <Flame size={14} aria-hidden="true" className="dashboard-post-icon" />
                  <span className="visually-hidden">Flames:</span> {post.flames + post.telegramFlames}
                </span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
