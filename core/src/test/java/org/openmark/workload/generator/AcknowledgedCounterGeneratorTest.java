package org.openmark.workload.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

class AcknowledgedCounterGeneratorTest {

    @Test
    void acknowledge_outOfOrder_advancesOnlyOverContiguousValues() {
        AcknowledgedCounterGenerator c = new AcknowledgedCounterGenerator(100);
        assertEquals(99, c.lastAcknowledged());
        long a = c.next();
        long b = c.next();
        long d = c.next();
        assertEquals(List.of(100L, 101L, 102L), List.of(a, b, d));
        c.acknowledge(b);
        c.acknowledge(d);
        assertEquals(99, c.lastAcknowledged(), "100 is still outstanding");
        c.acknowledge(a);
        assertEquals(102, c.lastAcknowledged());
    }

    @Test
    void acknowledge_shuffledAcrossWindowWraps_reachesTheLastValue() {
        AcknowledgedCounterGenerator c = new AcknowledgedCounterGenerator(0);
        Random shuffle = new Random(7);
        long total = 3L * AcknowledgedCounterGenerator.WINDOW_SIZE;
        for (long base = 0; base < total; base += 1000) {
            List<Long> batch = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                batch.add(c.next());
            }
            Collections.shuffle(batch, shuffle);
            batch.forEach(c::acknowledge);
            assertEquals(base + 999, c.lastAcknowledged());
        }
    }

    @Test
    void acknowledge_concurrentThreads_limitReachesEveryValue() throws Exception {
        AcknowledgedCounterGenerator c = new AcknowledgedCounterGenerator(5);
        int threads = 4;
        int perThread = 100_000;
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Thread> workers = new ArrayList<>();
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        c.acknowledge(c.next());
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            workers.add(w);
            w.start();
        }
        for (Thread w : workers) {
            w.join();
        }
        assertEquals(List.of(), failures);
        assertEquals(5 + (long) threads * perThread - 1, c.lastAcknowledged());
    }

    @Test
    void acknowledge_moreOutstandingThanTheWindow_throws() {
        AcknowledgedCounterGenerator c = new AcknowledgedCounterGenerator(0);
        c.next(); // 0 stays outstanding
        long last = 0;
        for (int i = 0; i < AcknowledgedCounterGenerator.WINDOW_SIZE; i++) {
            last = c.next();
        }
        long collides = last;
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> c.acknowledge(collides));
        assertEquals(true, e.getMessage().contains("outstanding"), e.getMessage());
    }
}
