import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskStore, encodeDiskId } from './disk-store';
import { StoreError } from './file-store';

// The built-in store on its own: every id that does not name a plain item inside the root is
// 'not found', however it is dressed up, and nothing outside the root is ever read or written.

const base = mkdtempSync(path.join(tmpdir(), 'academy-disk-'));
const root = path.join(base, 'class-files');
mkdirSync(path.join(root, 'Class A', 'Lesson 1'), { recursive: true });
writeFileSync(path.join(root, 'Class A', 'Lesson 1', 'intro.mp4'), 'video bytes');
writeFileSync(path.join(base, 'secret.txt'), 'outside the root');
mkdirSync(path.join(base, 'elsewhere'));
writeFileSync(path.join(base, 'elsewhere', 'other.pdf'), 'not yours');
// Links that point out of the tree, to a file and to a folder.
symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'Class A', 'link.mp4'));
symlinkSync(path.join(base, 'elsewhere'), path.join(root, 'Class A', 'Linked folder'));
const store = new DiskStore(root);

describe('the built-in disk store', () => {
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('reads what lies inside the root, whole or by range', async () => {
    const found = await store.stat(encodeDiskId('Class A/Lesson 1/intro.mp4'));
    expect(found).toEqual({ item: { id: encodeDiskId('Class A/Lesson 1/intro.mp4'), name: 'intro.mp4', mimeType: 'video/mp4', size: 11 }, topFolderId: encodeDiskId('Class A'), folderIds: [encodeDiskId('Class A'), encodeDiskId('Class A/Lesson 1')] });
    expect(await store.stat(encodeDiskId('Class A'))).toMatchObject({ topFolderId: encodeDiskId('Class A'), folderIds: [] });
    const chunks: Buffer[] = [];
    for await (const chunk of await store.read(encodeDiskId('Class A/Lesson 1/intro.mp4'), { start: 6, end: 10 })) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('bytes');
  });

  it('lists no links and nothing hidden', async () => {
    mkdirSync(path.join(root, '.uploads'), { recursive: true });
    const names = (await store.list(encodeDiskId('Class A'))).map((item) => item.name);
    expect(names).toEqual(['Lesson 1']);
    expect((await store.list(store.rootId)).map((item) => item.name)).toEqual(['Class A']);
  });

  it('treats every trick as not found', async () => {
    const tricks = [
      '../secret.txt',
      'Class A/../../secret.txt',
      'Class A/link.mp4',
      'Class A/Linked folder/other.pdf',
      'Class A/Linked folder',
      '/etc/passwd',
      'Class A//Lesson 1',
      'Class A/./Lesson 1',
      '.uploads',
      'Class A\\..\\..\\secret.txt',
      'Class A/Lesson 1/intro.mp4\u0000.pdf',
    ];
    for (const trick of tricks) expect(await store.stat(encodeDiskId(trick)), trick).toBeNull();
    // Not this store's encoding at all: padding, the other alphabet, garbage.
    for (const id of [`${encodeDiskId('Class A')}=`, Buffer.from('Class A').toString('base64').replace(/=+$/, '') + '+', '!!', 'Q2xhc3MgQQ==']) {
      expect(await store.stat(id), id).toBeNull();
    }
    await expect(store.read(encodeDiskId('Class A/link.mp4'))).rejects.toBeInstanceOf(StoreError);
    await expect(store.createFolder(encodeDiskId('Class A/Linked folder'), 'x')).rejects.toBeInstanceOf(StoreError);
    await expect(store.upload(encodeDiskId('..'), 'x.mp4', Readable.from([Buffer.from('x')]))).rejects.toBeInstanceOf(StoreError);
    await expect(store.delete(encodeDiskId('Class A/Linked folder'))).rejects.toBeInstanceOf(StoreError);
  });

  it('never overwrites: a taken name is a conflict, and a failed upload leaves nothing', async () => {
    const lesson = encodeDiskId('Class A/Lesson 1');
    await expect(store.upload(lesson, 'intro.mp4', Readable.from([Buffer.from('new')]))).rejects.toMatchObject({ kind: 'conflict' });
    const failing = new Readable({
      read() {
        this.destroy(new Error('the client went away'));
      },
    });
    await expect(store.upload(lesson, 'broken.mp4', failing)).rejects.toThrow('the client went away');
    expect((await store.list(lesson)).map((item) => item.name)).toEqual(['intro.mp4']);
    expect((await store.list(store.rootId)).length).toBe(1);
  });
});
