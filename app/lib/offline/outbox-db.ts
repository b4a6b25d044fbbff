/**
 * The outbox on the phone: one IndexedDB database, `owner-outbox`, one store of items keyed by
 * their place in the order made. It outlives the page, the browser and a restart; signing out
 * deletes it (enhance/owner-offline.ts).
 */
import type { OutboxItem } from "./outbox.ts";

const NAME = "owner-outbox";
const STORE = "items";

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function open(): Promise<IDBDatabase> {
  const req = indexedDB.open(NAME, 1);
  req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
  return request(req);
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  try {
    return await request(work(db.transaction(STORE, mode).objectStore(STORE)));
  } finally {
    db.close();
  }
}

export const outboxDb = {
  all: () => withStore("readonly", (store) => store.getAll() as IDBRequest<OutboxItem[]>),
  add: (item: Omit<OutboxItem, "seq">) => withStore("readwrite", (store) => store.add(item)),
  put: (item: OutboxItem) => withStore("readwrite", (store) => store.put(item)),
  remove: (seq: number) => withStore("readwrite", (store) => store.delete(seq)),
  /** Everything gone: signing out. */
  forget: () => request(indexedDB.deleteDatabase(NAME)),
};
