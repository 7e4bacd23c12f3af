package org.openmark.load.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;
import org.openmark.api.Session;
import org.openmark.api.Status;
import org.openmark.workload.Operation;

class OperationRingTest {

    /** An operation that only carries a number. */
    private record Numbered(long n) implements Operation {
        @Override
        public String name() {
            return "N";
        }

        @Override
        public Status execute(Session session) {
            return Status.OK;
        }
    }

    @Test
    void capacity_roundsUpToAPowerOfTwo() {
        assertEquals(1, new OperationRing(1).capacity());
        assertEquals(16, new OperationRing(10).capacity());
        assertEquals(16, new OperationRing(16).capacity());
        assertThrows(IllegalArgumentException.class, () -> new OperationRing(0));
    }

    @Test
    void offerAndPoll_firstInFirstOut_acrossManyWrapArounds() {
        OperationRing ring = new OperationRing(4);
        List<Long> taken = new ArrayList<>();
        long next = 0;
        for (int round = 0; round < 1000; round++) {
            for (int i = 0; i < 3; i++) {
                assertTrue(ring.offer(new Numbered(next), next * 10));
                next++;
            }
            while (ring.poll((op, intended) -> {
                assertEquals(((Numbered) op).n() * 10, intended);
                taken.add(((Numbered) op).n());
            })) {
                // drain
            }
            assertTrue(ring.isEmpty());
        }
        assertEquals(3000, taken.size());
        for (int i = 0; i < taken.size(); i++) {
            assertEquals(i, taken.get(i));
        }
    }

    @Test
    void offer_whenFull_isRefusedUntilACellIsTaken() {
        OperationRing ring = new OperationRing(2);
        assertTrue(ring.offer(new Numbered(1), 1));
        assertTrue(ring.hasRoom());
        assertTrue(ring.offer(new Numbered(2), 2));
        assertFalse(ring.hasRoom());
        assertFalse(ring.offer(new Numbered(3), 3));
        List<Long> queued = new ArrayList<>();
        assertEquals(2, ring.forEachQueued(queued::add));
        assertEquals(List.of(1L, 2L), queued);
        assertTrue(ring.poll((op, t) -> { }));
        assertTrue(ring.hasRoom());
        assertTrue(ring.offer(new Numbered(3), 3));
    }

    @Test
    void poll_onEmptyRing_takesNothing() {
        OperationRing ring = new OperationRing(8);
        assertFalse(ring.poll((op, t) -> { throw new AssertionError("nothing was queued"); }));
        assertTrue(ring.isEmpty());
    }

    @Test
    void concurrentConsumers_takeEveryOperationExactlyOnce() throws Exception {
        int n = 400_000;
        OperationRing ring = new OperationRing(64);
        AtomicLongArray seen = new AtomicLongArray(n);
        AtomicLong taken = new AtomicLong();
        List<Thread> consumers = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            consumers.add(Thread.ofPlatform().start(() -> {
                while (taken.get() < n) {
                    ring.poll((op, intended) -> {
                        seen.incrementAndGet((int) intended);
                        taken.incrementAndGet();
                    });
                }
            }));
        }
        for (int i = 0; i < n; i++) {
            while (!ring.offer(new Numbered(i), i)) {
                Thread.onSpinWait();
            }
        }
        for (Thread t : consumers) {
            t.join(60_000);
            assertFalse(t.isAlive(), "a consumer hung");
        }
        assertEquals(n, taken.get());
        for (int i = 0; i < n; i++) {
            assertEquals(1, seen.get(i), "operation " + i);
        }
    }
}
