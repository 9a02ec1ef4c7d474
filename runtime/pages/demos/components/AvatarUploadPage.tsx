/**
 * /components/avatar-upload: a picture chosen in a dialog, cropped to a square (drag the zoom,
 * move the square's centre), and saved as a 200 by 200 PNG avatar shown on the page and uploaded
 * through the files API into the user's files (`avatar.png`, docs/files.md). The crop is drawn on
 * a canvas in the browser; a picture that is not a raster image is refused.
 */
import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, Card, Modal, Slider, Space, Typography, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { toastError } from '../../../feedback/feedback.ts';
import { uploadRecordFile } from '../../../resource/upload/recordFiles.ts';
import { RICH_TEXT_IMAGE_TYPES } from '../../../richtext/imageUpload.ts';
import { useDemoTranslation } from '../demoMessages.ts';

/** The side of the saved avatar, in pixels. */
const AVATAR_SIZE = 200;
/** The name the avatar is stored under in the user's files. */
const AVATAR_FILE = 'avatar.png';
const PREVIEW = 240;

interface Crop {
  zoom: number;
  /** The crop's centre, as a fraction of the picture's width and height. */
  cx: number;
  cy: number;
}

/** Draws the square of the picture that the crop chooses onto a canvas of `size` pixels. */
function drawCrop(canvas: HTMLCanvasElement, image: HTMLImageElement, crop: Crop, size: number): void {
  canvas.width = size;
  canvas.height = size;
  const side = Math.min(image.naturalWidth, image.naturalHeight) / crop.zoom;
  const x = Math.min(Math.max(crop.cx * image.naturalWidth - side / 2, 0), image.naturalWidth - side);
  const y = Math.min(Math.max(crop.cy * image.naturalHeight - side / 2, 0), image.naturalHeight - side);
  canvas.getContext('2d')!.drawImage(image, x, y, side, side, 0, 0, size, size);
}

export default function AvatarUploadPage() {
  const { t } = useDemoTranslation();
  const [open, setOpen] = useState(false);
  const [image, setImage] = useState<HTMLImageElement>();
  const [crop, setCrop] = useState<Crop>({ zoom: 1, cx: 0.5, cy: 0.5 });
  const [avatar, setAvatar] = useState<string>();
  const [stored, setStored] = useState<{ state: 'uploading' } | { state: 'stored'; name: string } | { state: 'failed' }>();
  const preview = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (image && preview.current) drawCrop(preview.current, image, crop, PREVIEW);
  }, [image, crop]);

  const choose = (file: File) => {
    if (!RICH_TEXT_IMAGE_TYPES.includes(file.type)) {
      toastError(t('demo.avatar.notImage'));
      return;
    }
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      setCrop({ zoom: 1, cx: 0.5, cy: 0.5 });
      setImage(img);
      URL.revokeObjectURL(url);
    };
    img.onerror = () => toastError(t('demo.avatar.notImage'));
    img.src = url;
  };

  const save = () => {
    if (!image) return;
    const canvas = document.createElement('canvas');
    drawCrop(canvas, image, crop, AVATAR_SIZE);
    setAvatar(canvas.toDataURL('image/png'));
    setOpen(false);
    setStored({ state: 'uploading' });
    canvas.toBlob((blob) => {
      if (!blob) return setStored({ state: 'failed' });
      uploadRecordFile(new File([blob], AVATAR_FILE, { type: 'image/png' }), () => undefined).then(
        (file) => setStored({ state: 'stored', name: file.fileName }),
        () => setStored({ state: 'failed' }), // the HTTP client has shown why
      );
    }, 'image/png');
  };

  return (
    <div className="page-container">
      <Card title={t('demo.avatar.title')}>
        <Typography.Paragraph>{t('demo.avatar.hint')}</Typography.Paragraph>
        <Space align="center" size="large">
          <Avatar size={100} src={avatar} icon={<UserOutlined />} alt={t('demo.avatar.current')} data-testid="avatar" />
          <Button type="primary" icon={<UploadOutlined />} onClick={() => setOpen(true)}>
            {t('demo.avatar.change')}
          </Button>
        </Space>
        {stored && (
          <Typography.Paragraph
            data-testid="avatar-stored"
            type={stored.state === 'failed' ? 'warning' : undefined}
            style={{ marginTop: 16 }}
          >
            {stored.state === 'uploading'
              ? t('demo.avatar.uploading')
              : stored.state === 'stored'
                ? t('demo.avatar.stored', { name: stored.name })
                : t('demo.avatar.notStored')}
          </Typography.Paragraph>
        )}
        <Modal
          open={open}
          title={t('demo.avatar.dialog')}
          onCancel={() => setOpen(false)}
          onOk={save}
          okText={t('demo.avatar.save')}
          okButtonProps={{ disabled: !image }}
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Upload accept={RICH_TEXT_IMAGE_TYPES.join(',')} showUploadList={false} beforeUpload={(f) => (choose(f), Upload.LIST_IGNORE)}>
              <Button icon={<UploadOutlined />}>{t('demo.avatar.choose')}</Button>
            </Upload>
            {image && (
              <>
                <canvas ref={preview} className="demo-avatar-crop" aria-label={t('demo.avatar.preview')} role="img" />
                <label>
                  {t('demo.avatar.zoom')}
                  <Slider min={1} max={4} step={0.1} value={crop.zoom} onChange={(zoom) => setCrop((c) => ({ ...c, zoom }))} />
                </label>
                <label>
                  {t('demo.avatar.horizontal')}
                  <Slider min={0} max={1} step={0.01} value={crop.cx} onChange={(cx) => setCrop((c) => ({ ...c, cx }))} />
                </label>
                <label>
                  {t('demo.avatar.vertical')}
                  <Slider min={0} max={1} step={0.01} value={crop.cy} onChange={(cy) => setCrop((c) => ({ ...c, cy }))} />
                </label>
              </>
            )}
          </Space>
        </Modal>
      </Card>
    </div>
  );
}
