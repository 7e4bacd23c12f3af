package org.openmark.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.api.Store;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreException;
import org.openmark.api.StoreUnreachableException;
import org.openmark.config.ConfigException;
import org.openmark.testing.OkSession;

/** The pre-flight: one harmless request before anything is measured, and what it says when it fails. */
class PreflightTest {

    /** A store behind a network whose every ping ends with {@code status}, saying {@code said}. */
    private static class Remote implements Store {
        final AtomicInteger pings = new AtomicInteger();
        final AtomicInteger factsAsked = new AtomicInteger();
        private final Status status;
        private final String said;
        private final boolean embedded;

        Remote(Status status, String said, boolean embedded) {
            this.status = status;
            this.said = said;
            this.embedded = embedded;
        }

        @Override
        public Session newSession() {
            return new OkSession() {
                @Override
                public Status ping(String table) {
                    pings.incrementAndGet();
                    return status;
                }

                @Override
                public String lastFailure() {
                    return said;
                }
            };
        }

        @Override
        public boolean isEmbedded() {
            return embedded;
        }

        @Override
        public String target() {
            return "db at 10.0.0.7:5432 as user bench";
        }

        @Override
        public Map<String, String> facts() {
            factsAsked.incrementAndGet();
            return Map.of("version", "1.2.3");
        }

        @Override
        public void close() {
        }
    }

    @Test
    void check_credentialsRefused_oneLineNamingWhereAndWhatTheDriverSaid() {
        Remote store = new Remote(Status.ERROR, "FATAL: password authentication failed for user \"bench\"", false);
        StoreUnreachableException e = assertThrows(StoreUnreachableException.class,
                () -> Preflight.check(store, "jdbc", "usertable", true));
        assertEquals("cannot reach jdbc (db at 10.0.0.7:5432 as user bench): the first request ended ERROR: FATAL:"
                + " password authentication failed for user \"bench\"; nothing was measured", e.getMessage());
        assertEquals(1, store.pings.get(), "no warming after a refusal");
    }

    @Test
    void check_sessionCannotBeOpened_namesTheStore() {
        Store store = new Remote(Status.OK, null, false) {
            @Override
            public Session newSession() {
                throw new StoreException("Connection refused");
            }
        };
        StoreUnreachableException e = assertThrows(StoreUnreachableException.class,
                () -> Preflight.check(store, "jdbc", "usertable", true));
        assertEquals("cannot reach jdbc (db at 10.0.0.7:5432 as user bench): Connection refused", e.getMessage());
    }

    @Test
    void check_sessionRefusesItsConfiguration_badInputNamingTheProperty() {
        Store store = new Remote(Status.OK, null, false) {
            @Override
            public Session newSession() {
                throw new StoreConfigException("x.classpath", "lib/*", "a class is missing");
            }
        };
        ConfigException e = assertThrows(ConfigException.class,
                () -> Preflight.check(store, "x", "usertable", true));
        assertEquals("x.classpath=lib/*: a class is missing", e.getMessage());
    }

    @Test
    void check_answeringStore_warmsTheCallPathAndAsksItsFactsOnce() {
        Remote store = new Remote(Status.NOT_FOUND, null, false);
        Preflight.check(store, "redis", "usertable", true);
        assertTrue(store.pings.get() > 100, "the call path was warmed: " + store.pings.get());
        assertEquals(1, store.factsAsked.get(), "facts are asked while the store answers");
    }

    @Test
    void check_virtualTime_oneRequestNoWarming() {
        Remote store = new Remote(Status.OK, null, false);
        Preflight.check(store, "redis", "usertable", false);
        assertEquals(1, store.pings.get());
    }

    @Test
    void check_embeddedStore_isNotAsked() {
        Remote store = new Remote(Status.ERROR, "never", true);
        Preflight.check(store, "rocksdb", "usertable", true);
        assertEquals(0, store.pings.get());
    }

    /** A store that hangs while it describes itself does not hold the caller past the limit. */
    @Test
    void storeFacts_storeThatHangs_emptyWithinTheLimit() {
        CountDownLatch never = new CountDownLatch(1);
        Store hanging = new Remote(Status.OK, null, false) {
            @Override
            public Map<String, String> facts() {
                try {
                    never.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return Map.of();
            }
        };
        long begin = System.nanoTime();
        assertEquals(Map.of(), StoreFacts.ask(hanging, Duration.ofMillis(200), true));
        assertTrue((System.nanoTime() - begin) / 1e9 < 5);
        never.countDown();
    }
}
