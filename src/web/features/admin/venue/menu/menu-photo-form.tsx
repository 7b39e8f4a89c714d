import { useState, type FormEvent } from 'react';
import { MENU_PHOTO_MAX_BYTES } from '../../../../../shared/contracts/catalogue';
import { FieldError } from '../../../../components/ui/primitives';
import { toast } from '../../../../components/ui/toast-store';
import { smallPrimary } from '../../components/panel-parts';
import { catalogueRequest, idPath, isStale, useCatalogueEdit } from '../catalogue-api';
import { labelClass } from '../../components/fields';
import type { AdminMenuItem } from './menu-draft';

const accepted = ['image/jpeg', 'image/png', 'image/webp'];

/** What the browser can tell before sending; the server checks again (it re-encodes every photo). */
export function photoProblem(file: File | null): string | null {
  if (!file) return 'Choose a photo to upload';
  if (!accepted.includes(file.type)) return 'The photo must be a JPEG, PNG or WebP image';
  if (file.size > MENU_PHOTO_MAX_BYTES) return 'The photo must be 5 MB or smaller';
  return null;
}

/** Uploads (or replaces) an item's photo: multipart, `version` first, then the file. */
export function MenuPhotoForm({ item, onStale }: { item: AdminMenuItem; onStale: (current: unknown) => void }) {
  const id = `menu-photo-${item.id}`;
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const upload = useCatalogueEdit((photo: File) => {
    const body = new FormData();
    body.append('version', String(item.version));
    body.append('photo', photo);
    return catalogueRequest('POST', idPath('menu-items', item.id, '/photo'), body);
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = photoProblem(file);
    setError(problem ?? '');
    if (problem || !file) return;
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'Photo uploaded', description: `${item.name} now shows the new photo.` }),
      onError: (err) => {
        if (isStale(err)) onStale(err.current);
        // 413 (too large) and 400 (not an image) come with the server's own words.
        setError(err.message);
        toast({ title: 'Photo not uploaded', description: err.message, variant: 'destructive' });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`Photo of ${item.name}`} className="mt-4">
      <div className="flex flex-wrap items-end gap-3">
        {item.photo ? (
          <img src={item.photo.small} alt="" width={64} height={64} className="h-16 w-16 rounded-xl object-cover" />
        ) : null}
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className={labelClass}>
            {item.photo ? 'Replace the photo' : 'Photo'}
            <span className="sr-only"> of {item.name}</span>
          </label>
          <input
            id={id}
            type="file"
            accept={accepted.join(',')}
            className="block min-h-12 w-full rounded-xl border-2 border-slate-300 bg-white p-2 text-base file:mr-3 file:min-h-9 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError('');
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-err` : ''}`}
          />
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700">
            JPEG, PNG or WebP, up to 5 MB. It is resized and its hidden details (location, camera) removed.
          </p>
          <FieldError id={`${id}-err`} message={error} />
        </div>
      </div>
      <button type="submit" className={`${smallPrimary} mt-3 min-h-12 px-5`} disabled={upload.isPending}>
        {upload.isPending ? 'Uploading...' : 'Upload photo'}
        <span className="sr-only"> of {item.name}</span>
      </button>
    </form>
  );
}
