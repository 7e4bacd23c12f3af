package org.openmark.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.openmark.api.Status;

/** Differential: what the recorders collect equals a plain histogram of the same values. */
class MeasurementsTest {
    @Test
    void collectInterval_concurrentWritersAndCollector_loseNothing() throws Exception {
        Measurements m = new Measurements();
        int threads = 4;
        int perThread = 200_000;
        Histogram[] expected = new Histogram[threads];
        List<Thread> started = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int index = t;
            expected[t] = new Histogram(3);
            expected[t].setAutoResize(true);
            MeasurementWriter w = t % 2 == 0 ? m.newThreadWriter() : m.sharedWriter();
            started.add(Thread.ofPlatform().start(() -> {
                SplittableRandom r = new SplittableRandom(index);
                for (int i = 0; i < perThread; i++) {
                    long micros = r.nextLong(1, 50_000);
                    w.issued();
                    w.record(i % 3 == 0 ? "UPDATE" : "READ", Status.OK, 0, 0, micros * 1000);
                    expected[index].recordValue(micros);
                }
            }));
        }
        Histogram collected = new Histogram(3);
        collected.setAutoResize(true);
        while (started.stream().anyMatch(Thread::isAlive)) {
            m.collectInterval(0, 1).response().values().forEach(collected::add);
        }
        for (Thread t : started) {
            t.join();
        }
        m.collectInterval(0, 1).response().values().forEach(collected::add);
        Histogram all = new Histogram(3);
        all.setAutoResize(true);
        for (Histogram h : expected) {
            all.add(h);
        }
        assertEquals(all.getTotalCount(), collected.getTotalCount());
        assertEquals(all.getMean(), collected.getMean(), 1e-9);
        assertEquals(all.getValueAtPercentile(99.9), collected.getValueAtPercentile(99.9));
        assertEquals((long) threads * perThread, m.issued());
    }

    @Test
    void recordInner_notCountedAsCompletedOperations() {
        Measurements m = new Measurements();
        MeasurementWriter w = m.newThreadWriter();
        w.record("READ-MODIFY-WRITE", Status.OK, 0, 0, 2000);
        w.recordInner("READ", Status.OK, 0, 1000);
        w.recordInner("UPDATE", Status.OK, 1000, 2000);
        IntervalSnapshot s = m.collectInterval(0, 1);
        assertEquals(1, s.completed());
        assertEquals(3, s.response().size());
    }
}
