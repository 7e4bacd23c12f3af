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
import org.openmark.testing.FakeClock;
import org.openmark.testing.OkSession;

/** The pre-flight: one harmless request before anything is measured, and what it says when it fails. */
class PreflightTest {
    private static final FakeClock CLOCK = new FakeClock();

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
                () -> Preflight.check(store, "jdbc", "usertable", true, CLOCK));
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
                () -> Preflight.check(store, "jdbc", "usertable", true, CLOCK));
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
                () -> Preflight.check(store, "x", "usertable", true, CLOCK));
        assertEquals("x.classpath=lib/*: a class is missing", e.getMessage());
    }

    @Test
    void check_answeringStore_warmsTheCallPathAndAsksItsFactsOnce() {
        Remote store = new Remote(Status.NOT_FOUND, null, false);
        int calls = Preflight.check(store, "redis", "usertable", true, CLOCK);
        assertEquals(store.pings.get(), calls, "every call is counted");
        assertEquals(1 + 2 * Preflight.ROUND, calls, "a call path that takes no time is warm after two rounds");
        assertEquals(1, store.factsAsked.get(), "facts are asked while the store answers");
    }

    /** A session whose n-th ping takes {@code costNanos.applyAsLong(n)} on the fake clock. */
    private static Session costing(FakeClock clock, java.util.function.IntToLongFunction costNanos, AtomicInteger n) {
        return new OkSession() {
            @Override
            public Status ping(String table) {
                clock.advance(costNanos.applyAsLong(n.getAndIncrement()));
                return Status.NOT_FOUND;
            }
        };
    }

    @Test
    void warm_callPathAlreadyWarm_stopsAfterTwoRounds() {
        FakeClock clock = new FakeClock();
        AtomicInteger n = new AtomicInteger();
        assertEquals(2 * Preflight.ROUND, Preflight.warm(costing(clock, i -> 100_000, n), "t", clock));
        assertEquals(2 * Preflight.ROUND, n.get());
    }

    @Test
    void warm_callsGettingFaster_goesOnUntilTheyLevelOff() {
        FakeClock clock = new FakeClock();
        AtomicInteger n = new AtomicInteger();
        // 10 ms falling by 5 % a call toward a floor of 100 µs: levels off after about 100 calls
        int pings = Preflight.warm(costing(clock, i -> 100_000 + (long) (10_000_000 * Math.pow(0.95, i)), n), "t", clock);
        assertTrue(pings >= 100 && pings < Preflight.MAX_WARM_PINGS, "pings " + pings);
        assertEquals(0, pings % Preflight.ROUND);
    }

    @Test
    void warm_neverLevelsOff_boundedByTheMost() {
        FakeClock clock = new FakeClock();
        AtomicInteger n = new AtomicInteger();
        int pings = Preflight.warm(costing(clock, i -> (long) (1e9 * Math.pow(0.99, i)), n), "t", clock);
        assertEquals(Preflight.MAX_WARM_PINGS, pings);
    }

    @Test
    void check_virtualTime_oneRequestNoWarming() {
        Remote store = new Remote(Status.OK, null, false);
        Preflight.check(store, "redis", "usertable", false, CLOCK);
        assertEquals(1, store.pings.get());
    }

    @Test
    void check_embeddedStore_isNotAsked() {
        Remote store = new Remote(Status.ERROR, "never", true);
        Preflight.check(store, "rocksdb", "usertable", true, CLOCK);
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
