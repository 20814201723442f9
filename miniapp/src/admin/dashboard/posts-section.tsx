import { Flame, Heart } from "lucide-react";
import type { Dashboard } from "#api/contracts/admin-dashboard";
import { useT } from "../../i18n/use-t";
import { formatShortDate } from "../../lib/dates";
import { FigureTable } from "./figures-table";

/** The period's feed posts: reactions in the app and in Telegram, and the five posts with the most. */
export function PostsSection({ posts }: { posts: Dashboard["posts"] }) {
  const { t } = useT();
  return (
    <section className="dashboard-section card" aria-labelledby="dashboard-posts">
      <h2 id="dashboard-posts" className="section-title">
        {t("admin.dashboard.feedPosts")}
      </h2>
      <p className="hint">{t("admin.dashboard.postsInPeriod", { count: posts.count })}</p>
      <FigureTable
        caption={t("admin.dashboard.reactionsCaption")}
        columns={[t("admin.dashboard.reactions"), t("admin.dashboard.app"), "Telegram"]}
        rows={[
          { key: "hearts", cells: [t("admin.dashboard.hearts"), posts.hearts, posts.telegramHearts] },
          { key: "flames", cells: [t("admin.dashboard.flames"), posts.flames, posts.telegramFlames] },
        ]}
      />
      {posts.top.length > 0 ? (
        <>
          <h3 className="dashboard-subtitle">{t("admin.dashboard.topPosts")}</h3>
          <ol className="dashboard-posts" data-testid="top-posts">
            {posts.top.map((post) => (
              <li key={post.id} className="dashboard-post">
                <span className="dashboard-post-text">{post.excerpt || t("admin.dashboard.mediaOnly")}</span>
                <span className="dashboard-post-facts hint">
                  {formatShortDate(post.createdAt)} ·{" "}
                  <Heart size={14} aria-hidden="true" className="dashboard-post-icon" />
                  <span className="visually-hidden">{t("admin.dashboard.heartsLabel")}</span>{" "}
                  {post.hearts + post.telegramHearts} ·{" "}
                  <Flame size={14} aria-hidden="true" className="dashboard-post-icon" />
                  <span className="visually-hidden">{t("admin.dashboard.flamesLabel")}</span>{" "}
                  {post.flames + post.telegramFlames}
                </span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
