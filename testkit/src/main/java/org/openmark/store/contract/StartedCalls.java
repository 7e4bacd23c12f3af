package org.openmark.store.contract;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.openmark.api.PipelinedSession;
import org.openmark.api.PipelinedSession.Completion;
import org.openmark.api.Record;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;

/**
 * A pipelined store seen through its started calls: each single call of a session (read, scan,
 * update, insert, delete) is started on the store's {@link PipelinedSession}, flushed, and waited
 * for, so the whole {@link StoreContractTest} checks the path the open and closed models take on
 * such a store. Wrap the store a contract test opens:
 * {@code return StartedCalls.of(super.openStore());}. Units of work and pings use the blocking
 * calls, as the harness does. A completion told twice, or not within a minute, fails the test.
 */
public final class StartedCalls {
    private static final long WAIT_SECONDS = 60;

    private StartedCalls() {
    }

    /** The store, whose sessions start every single call; a session that is not pipelined is refused. */
    public static Store of(Store store) {
        return new Store() {
            @Override
            public Session newSession() {
                Session session = store.newSession();
                if (!(session instanceof PipelinedSession pipelined)) {
                    session.close();
                    throw new IllegalStateException(store + " gives sessions that are not a PipelinedSession");
                }
                return new Blocking(pipelined);
            }

            @Override
            public boolean isKnownEmpty(String table) {
                return store.isKnownEmpty(table);
            }

            @Override
            public boolean isEmbedded() {
                return store.isEmbedded();
            }

            @Override
            public String target() {
                return store.target();
            }

            @Override
            public int maxOutstandingRequests() {
                return store.maxOutstandingRequests();
            }

            @Override
            public Map<String, String> facts() {
                return store.facts();
            }

            @Override
            public boolean hasTransactions() {
                return store.hasTransactions();
            }

            @Override
            public void close() {
                store.close();
            }

            @Override
            public String toString() {
                return "StartedCalls[" + store + "]";
            }
        };
    }

    /** Every single call started, flushed and waited for. */
    private static final class Blocking implements Session {
        private final PipelinedSession session;

        Blocking(PipelinedSession session) {
            this.session = session;
        }

        private Status await(Consumer<Completion> start) {
            CompletableFuture<Status> told = new CompletableFuture<>();
            AtomicInteger times = new AtomicInteger();
            start.accept(status -> {
                if (times.incrementAndGet() > 1) {
                    told.obtrudeException(new AssertionError("a completion was told twice: " + status));
                }
                told.complete(status);
            });
            session.flush();
            try {
                return told.get(WAIT_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                throw new AssertionError(e.getCause().getMessage(), e.getCause());
            } catch (TimeoutException e) {
                throw new AssertionError("a started call was not told its outcome within " + WAIT_SECONDS + " s");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }

        @Override
        public Status read(String table, String key, Set<String> fields, Map<String, byte[]> result) {
            return await(done -> session.startRead(table, key, fields, result, done));
        }

        @Override
        public Status scan(String table, String startKey, int recordCount, Set<String> fields, List<Record> result) {
            return await(done -> session.startScan(table, startKey, recordCount, fields, result, done));
        }

        @Override
        public Status update(String table, String key, Map<String, byte[]> values) {
            return await(done -> session.startUpdate(table, key, values, done));
        }

        @Override
        public Status insert(String table, String key, Map<String, byte[]> values) {
            return await(done -> session.startInsert(table, key, values, done));
        }

        @Override
        public Status delete(String table, String key) {
            return await(done -> session.startDelete(table, key, done));
        }

        @Override
        public Status start() {
            return session.start();
        }

        @Override
        public Status commit() {
            return session.commit();
        }

        @Override
        public Status abort() {
            return session.abort();
        }

        @Override
        public Status ping(String table) {
            return session.ping(table);
        }

        @Override
        public String lastFailure() {
            return session.lastFailure();
        }

        @Override
        public void close() {
            session.close();
        }
    }
}
