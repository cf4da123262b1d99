/** Cache keys of the class-material calls; 'class-material' first so one invalidation reaches them all. */
export const classMaterialKeys = {
  all: ['class-material'] as const,
  store: () => ['class-material', 'store'] as const,
  folders: () => ['class-material', 'folder'] as const,
  root: (email: string) => ['class-material', 'folder', 'root', email] as const,
  folder: (folderId: string) => ['class-material', 'folder', folderId] as const,
  names: () => ['class-material', 'names'] as const,
  access: () => ['class-material', 'access'] as const,
  studentAccess: (studentId: string) => ['class-material', 'access', 'student', studentId] as const,
  classAccess: (folderId: string) => ['class-material', 'access', 'class', folderId] as const,
  ticket: (fileId: string) => ['class-material', 'ticket', fileId] as const,
};
