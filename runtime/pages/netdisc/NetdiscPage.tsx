/**
 * The netdisc (/upload-download, docs/files.md): the signed-in user's files and folders, and
 * the files others shared with them. Folder navigation by a breadcrumb; upload of one or
 * several files with a progress bar; new folder, move, rename, delete, share, preview and
 * download. Files over the spec's 10MB, and empty ones, are refused here before they are sent
 * (the server refuses them again).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Breadcrumb, Button, Input, Modal, Progress, Select, Space, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { FileOutlined, FolderOutlined } from '@ant-design/icons';
import { confirm, toastError, toastSuccess, toastWarning } from '../../feedback/feedback.ts';
import { formatDate } from '../../format/formatDate.ts';
import { filenameFromDisposition, saveBlob } from '../../resource/download.ts';
import {
  deleteFiles,
  fetchFile,
  listFiles,
  listFolders,
  listShared,
  makeFolder,
  moveFiles,
  renameFile,
  shareFile,
  shareUsers,
  uploadFiles,
  type FileItem,
  type FolderItem,
  type ShareUsers,
} from './netdiscApi.ts';
import { FilePreview, kindOf } from './FilePreview.tsx';
import { useNetdiscTranslation } from './netdiscMessages.ts';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD, MAX_NAME_LENGTH } from '../../../schemas/registry/fileLimits.ts';

const PAGE_SIZE = 50;

interface Crumb {
  id: number | null;
  name: string;
}

type Dialog =
  | { kind: 'folder'; name: string }
  | { kind: 'rename'; file: FileItem; name: string }
  | { kind: 'move'; ids: number[]; target: number | null; folders: FolderItem[] }
  | { kind: 'share'; file: FileItem; users: ShareUsers; chosen: number[] };

/** Folder options labelled with their path ("a / b / c"), the moved folders and their insides left out. */
function folderOptions(folders: FolderItem[], moved: number[]): { value: number; label: string }[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const pathOf = (f: FolderItem): FolderItem[] => {
    const out: FolderItem[] = [];
    for (let at: FolderItem | undefined = f; at && out.length < 100; at = at.parentId === null ? undefined : byId.get(at.parentId))
      out.unshift(at);
    return out;
  };
  return folders
    .map((f) => ({ f, path: pathOf(f) }))
    .filter(({ path }) => !path.some((p) => moved.includes(p.id)))
    .map(({ f, path }) => ({ value: f.id, label: path.map((p) => p.fileName).join(' / ') }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

export default function NetdiscPage() {
  const { t } = useNetdiscTranslation();
  const [tab, setTab] = useState<'mine' | 'shared'>('mine');
  const [crumbs, setCrumbs] = useState<Crumb[]>([{ id: null, name: '' }]);
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<FileItem[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [upload, setUpload] = useState<{ names: string; percent: number }>();
  const [dialog, setDialog] = useState<Dialog>();
  const [previewed, setPreviewed] = useState<FileItem>();
  const input = useRef<HTMLInputElement>(null);
  const folderId = crumbs[crumbs.length - 1]!.id;
  const closePreview = useCallback(() => setPreviewed(undefined), []);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const params = { fileName: search || undefined, currentPage: page, pageSize: PAGE_SIZE };
      const result =
        tab === 'shared'
          ? await listShared(params)
          : await listFiles({ ...params, parentId: search ? undefined : (folderId ?? undefined) });
      setRows(result.list);
      setTotal(result.pagination.total);
    } finally {
      setLoading(false);
    }
  }, [tab, search, page, folderId]);

  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  useEffect(() => setSelected([]), [tab, folderId, search, page]);

  const openFolder = (f: FileItem) => {
    setSearch('');
    setPage(1);
    setCrumbs((c) => [...c, { id: f.id, name: f.fileName }]);
  };

  const pickFiles = () => input.current?.click();

  const sendFiles = async (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (!files.length) return;
    if (files.length > MAX_FILES_PER_UPLOAD) return toastError(t('netdisc.tooMany', { n: MAX_FILES_PER_UPLOAD }));
    for (const f of files) {
      if (f.size > MAX_FILE_BYTES) return toastError(t('netdisc.tooLarge', { name: f.name }));
      if (f.size === 0) return toastError(t('netdisc.empty', { name: f.name }));
      if (!f.type) return toastError(t('netdisc.noType', { name: f.name }));
    }
    const names = files.map((f) => f.name).join(', ');
    setUpload({ names, percent: 0 });
    try {
      const stored = await uploadFiles(files, folderId, (percent) => setUpload({ names, percent }));
      toastSuccess(t('netdisc.uploaded', { count: stored.length }));
      await load();
    } finally {
      setUpload(undefined);
    }
  };

  const download = async (f: FileItem) => {
    const { blob, disposition } = await fetchFile('download', f.id);
    saveBlob(blob, filenameFromDisposition(disposition) ?? f.fileName);
  };

  const remove = (ids: number[]) => {
    if (!ids.length) return toastWarning(t('netdisc.checkRecord'));
    confirm({
      title: t(ids.length > 1 ? 'netdisc.deleteMany' : 'netdisc.deleteOne'),
      content: t('netdisc.folderContents'),
      okText: t('netdisc.ok'),
      cancelText: t('netdisc.cancel'),
      onOk: () => {
        void deleteFiles(ids)
          .then(load)
          .catch(() => undefined);
      },
    });
  };

  const startMove = async (ids: number[]) => {
    if (!ids.length) return toastWarning(t('netdisc.checkRecord'));
    setDialog({ kind: 'move', ids, target: null, folders: await listFolders() });
  };

  const startShare = async (file: FileItem) => {
    const users = await shareUsers(file.id);
    setDialog({ kind: 'share', file, users, chosen: users.userId });
  };

  const confirmDialog = async () => {
    if (!dialog) return;
    if ((dialog.kind === 'folder' || dialog.kind === 'rename') && !dialog.name.trim()) return toastWarning(t('netdisc.required'));
    if (dialog.kind === 'folder') await makeFolder(dialog.name, folderId);
    else if (dialog.kind === 'rename') await renameFile(dialog.file.id, dialog.name);
    else if (dialog.kind === 'move') await moveFiles(dialog.ids, dialog.target);
    else {
      await shareFile(dialog.file.id, dialog.chosen);
      toastSuccess(t('netdisc.sharedDone', { count: dialog.chosen.length }));
    }
    setDialog(undefined);
    await load();
  };

  const columns: TableColumnsType<FileItem> = [
    {
      title: t('netdisc.name'),
      dataIndex: 'fileName',
      render: (_: unknown, f) =>
        f.folder ? (
          <Button type="link" icon={<FolderOutlined />} onClick={() => openFolder(f)}>
            {f.fileName}
          </Button>
        ) : (
          <Space>
            <FileOutlined />
            <span>{f.fileName}</span>
          </Space>
        ),
    },
    { title: t('netdisc.size'), dataIndex: 'sizeKb', width: 100, render: (_: unknown, f) => (f.folder ? '' : `${f.sizeKb} KB`) },
    { title: t('netdisc.type'), dataIndex: 'fileType', width: 90, render: (_: unknown, f) => (f.folder ? '' : <Tag>{f.fileType}</Tag>) },
    ...(tab === 'shared' ? [{ title: t('netdisc.owner'), dataIndex: 'ownerName' }] : []),
    { title: t('netdisc.updated'), dataIndex: 'updateTime', width: 170, render: (v: string) => formatDate(v) },
    {
      title: t('netdisc.actions'),
      key: 'actions',
      render: (_: unknown, f) => {
        const label = (action: string) => `${t(`netdisc.${action}`)} ${f.fileName}`;
        return (
          <Space size={0} wrap>
            {!f.folder && kindOf(f) !== 'none' && (
              <Button type="link" size="small" aria-label={label('preview')} onClick={() => setPreviewed(f)}>
                {t('netdisc.preview')}
              </Button>
            )}
            {!f.folder && (
              <Button type="link" size="small" aria-label={label('download')} onClick={() => void download(f).catch(() => undefined)}>
                {t('netdisc.download')}
              </Button>
            )}
            {tab === 'mine' && (
              <>
                <Button
                  type="link"
                  size="small"
                  aria-label={label('rename')}
                  onClick={() => setDialog({ kind: 'rename', file: f, name: f.fileName })}
                >
                  {t('netdisc.rename')}
                </Button>
                <Button type="link" size="small" aria-label={label('move')} onClick={() => void startMove([f.id])}>
                  {t('netdisc.move')}
                </Button>
                {!f.folder && (
                  <Button type="link" size="small" aria-label={label('share')} onClick={() => void startShare(f)}>
                    {t('netdisc.share')}
                  </Button>
                )}
                <Button type="link" size="small" danger aria-label={label('delete')} onClick={() => remove([f.id])}>
                  {t('netdisc.delete')}
                </Button>
              </>
            )}
          </Space>
        );
      },
    },
  ];

  const crumbItems = crumbs.map((c, i) => ({
    key: String(c.id),
    title:
      i === crumbs.length - 1 ? (
        <span aria-current="page">{i === 0 ? t('netdisc.root') : c.name}</span>
      ) : (
        <a
          href="#"
          onClick={(e) => {
            e.preventDefault();
            setSearch('');
            setPage(1);
            setCrumbs(crumbs.slice(0, i + 1));
          }}
        >
          {i === 0 ? t('netdisc.root') : c.name}
        </a>
      ),
  }));

  const dialogTitle = dialog
    ? { folder: t('netdisc.newFolder'), rename: t('netdisc.rename'), move: t('netdisc.moveTo'), share: t('netdisc.shareWith') }[dialog.kind]
    : '';

  return (
    <div className="app-container netdisc">
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key as 'mine' | 'shared');
          setPage(1);
          setSearch('');
        }}
        items={[
          { key: 'mine', label: t('netdisc.myFiles') },
          { key: 'shared', label: t('netdisc.sharedWithMe') },
        ]}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        {tab === 'mine' && (
          <>
            <Button type="primary" onClick={pickFiles} disabled={!!upload}>
              {t('netdisc.upload')}
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              aria-label={t('netdisc.upload')}
              onChange={(e) => void sendFiles(e.target.files).catch(() => undefined)}
            />
            <Button onClick={() => setDialog({ kind: 'folder', name: '' })}>{t('netdisc.newFolder')}</Button>
            <Button onClick={() => void startMove(selected)}>{t('netdisc.move')}</Button>
            <Button danger onClick={() => remove(selected)}>
              {t('netdisc.delete')}
            </Button>
          </>
        )}
        <Input.Search
          allowClear
          aria-label={t('netdisc.search')}
          placeholder={t('netdisc.search')}
          onSearch={(value) => {
            setPage(1);
            setSearch(value.trim());
          }}
          style={{ width: 240 }}
        />
      </Space>
      {upload && (
        <div className="netdisc-upload" role="status">
          <div>{t('netdisc.uploading', { names: upload.names })}</div>
          <Progress percent={upload.percent} aria-label={t('netdisc.uploadProgress')} />
        </div>
      )}
      {tab === 'mine' && !search && <Breadcrumb aria-label={t('netdisc.folderCrumbs')} items={crumbItems} style={{ marginBottom: 8 }} />}
      <Table<FileItem>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={rows}
        rowSelection={
          tab === 'mine'
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (f) => ({ 'aria-label': t('netdisc.select', { name: f.fileName }) }),
                columnTitle: undefined,
              }
            : undefined
        }
        pagination={{ current: page, pageSize: PAGE_SIZE, total, onChange: setPage, showSizeChanger: false }}
      />
      <Modal
        open={!!dialog}
        title={dialogTitle}
        okText={t('netdisc.ok')}
        cancelText={t('netdisc.cancel')}
        onOk={() => void confirmDialog().catch(() => undefined)}
        onCancel={() => setDialog(undefined)}
        destroyOnHidden
      >
        {(dialog?.kind === 'folder' || dialog?.kind === 'rename') && (
          <Input
            autoFocus
            aria-label={dialog.kind === 'folder' ? t('netdisc.folderName') : t('netdisc.newName')}
            value={dialog.name}
            maxLength={MAX_NAME_LENGTH}
            onChange={(e) => setDialog({ ...dialog, name: e.target.value })}
            onPressEnter={() => void confirmDialog().catch(() => undefined)}
          />
        )}
        {dialog?.kind === 'move' && (
          <Select<number | null>
            style={{ width: '100%' }}
            aria-label={t('netdisc.moveTo')}
            value={dialog.target}
            onChange={(target) => setDialog({ ...dialog, target })}
            options={[{ value: null, label: t('netdisc.top') }, ...folderOptions(dialog.folders, dialog.ids)]}
          />
        )}
        {dialog?.kind === 'share' && (
          <>
            <p>{t('netdisc.shareHint')}</p>
            <Select<number[]>
              mode="multiple"
              style={{ width: '100%' }}
              aria-label={t('netdisc.shareWith')}
              value={dialog.chosen}
              onChange={(chosen) => setDialog({ ...dialog, chosen })}
              optionFilterProp="label"
              options={dialog.users.users.map((u) => ({ value: u.id, label: u.nickname ? `${u.nickname} (${u.username})` : u.username }))}
            />
          </>
        )}
      </Modal>
      <FilePreview file={previewed} onClose={closePreview} />
    </div>
  );
}
