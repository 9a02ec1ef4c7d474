/**
 * The tab strip of visited views (spec 2, 4): click to switch, × to close (not pinned tabs),
 * right-click for refresh, close, close others, close all.
 */
import { useEffect, useRef } from 'react';
import { Dropdown } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from '../../i18n/translator.ts';
import { useSnapshot } from 'valtio';
import { REDIRECT_PREFIX, TAGS_CONTEXT_MENU_WIDTH_PX } from '../../constants/spec.ts';
import { translateTitle } from '../../i18n/translateTitle.ts';
import { closeAllTags, closeOtherTags, closeTag, tagsViewState, uncacheTag } from '../../tags/tagsViewState.ts';
import { pathAfterClosing, type TagView } from '../../tags/tagsViewRules.ts';

function useTagActions() {
  const navigate = useNavigate();
  const location = useLocation();
  const isActive = (view: TagView) => view.path === location.pathname;
  return {
    isActive,
    refresh(view: TagView) {
      uncacheTag(view);
      navigate(`${REDIRECT_PREFIX}${view.fullPath}`, { replace: true });
    },
    close(view: TagView) {
      if (view.affix) return;
      const after = closeTag(view);
      if (isActive(view)) navigate(pathAfterClosing(after.visited, view));
    },
    closeOthers(view: TagView) {
      if (!isActive(view)) navigate(view.fullPath);
      closeOtherTags(view);
    },
    closeAll(view: TagView) {
      const after = closeAllTags();
      if (after.visited.some((v) => v.path === location.pathname)) return;
      navigate(pathAfterClosing(after.visited, view));
    },
  };
}

export default function TagsView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tags = useSnapshot(tagsViewState);
  const actions = useTagActions();
  const scroller = useRef<HTMLDivElement>(null);
  const location = useLocation();

  // Keep the active tab in view.
  useEffect(() => {
    const active = scroller.current?.querySelector<HTMLElement>('.tags-view-item.active');
    active?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [location.pathname, tags.visited.length]);

  return (
    <div className="tags-view-container">
      <div
        className="tags-view-wrapper"
        ref={scroller}
        role="tablist"
        aria-label={t('tagsView.label')}
        onWheel={(e) => {
          if (scroller.current && Math.abs(e.deltaY) > Math.abs(e.deltaX)) scroller.current.scrollLeft += e.deltaY;
        }}
      >
        {tags.visited.map((view) => {
          const title = translateTitle(view.title);
          const active = actions.isActive(view);
          return (
            <Dropdown
              key={view.path}
              trigger={['contextMenu']}
              styles={{ root: { minWidth: TAGS_CONTEXT_MENU_WIDTH_PX } }}
              menu={{
                items: [
                  { key: 'refresh', label: t('tagsView.refresh') },
                  { key: 'close', label: t('tagsView.close'), disabled: !!view.affix },
                  { key: 'closeOthers', label: t('tagsView.closeOthers') },
                  { key: 'closeAll', label: t('tagsView.closeAll') },
                ],
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  const v = { ...view } as TagView;
                  if (key === 'refresh') actions.refresh(v);
                  else if (key === 'close') actions.close(v);
                  else if (key === 'closeOthers') actions.closeOthers(v);
                  else actions.closeAll(v);
                },
              }}
            >
              {/* The tab and its close button are siblings (a button inside a tab would be a control in a control). */}
              <span
                className={`tags-view-item${active ? ' active' : ''}${view.affix ? ' affix' : ''}`}
                data-path={view.path}
                title={title}
                onClick={() => navigate(view.fullPath)}
                onMouseUp={(e) => {
                  if (e.button === 1 && !view.affix) actions.close({ ...view } as TagView);
                }}
              >
                <span
                  className="tags-view-tab"
                  role="tab"
                  aria-selected={active}
                  tabIndex={0}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      navigate(view.fullPath);
                    }
                    if (e.key === 'Delete' && !view.affix) actions.close({ ...view } as TagView);
                  }}
                >
                  {title}
                </span>
                {!view.affix && (
                  <button
                    type="button"
                    className="tags-view-close"
                    aria-label={t('tagsView.closeTab', { title })}
                    title={t('tagsView.close')}
                    onClick={(e) => {
                      e.stopPropagation();
                      actions.close({ ...view } as TagView);
                    }}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </span>
            </Dropdown>
          );
        })}
      </div>
    </div>
  );
}
