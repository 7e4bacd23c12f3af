package org.openmark.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.registry.PrometheusScrapeRequest;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Scrapes close together are answered from the last one built; later ones, and direct scrapes, build anew. */
class RecentScrapesTest {
    private static final PrometheusScrapeRequest REQUEST = new PrometheusScrapeRequest() {
        @Override
        public String getRequestPath() {
            return "/metrics";
        }

        @Override
        public String[] getParameterValues(String name) {
            return null;
        }
    };

    @Test
    void scrape_withinTheReuseTime_buildsOnce_andAfterItAgain() {
        AtomicLong now = new AtomicLong(1_000);
        AtomicInteger built = new AtomicInteger();
        RecentScrapes registry = new RecentScrapes(now::get);
        registry.register((MultiCollector) () -> {
            built.incrementAndGet();
            return MetricSnapshots.of(CounterSnapshot.builder().name("openmark_test").help("a test")
                    .dataPoint(CounterSnapshot.CounterDataPointSnapshot.builder().value(built.get()).build()).build());
        });
        MetricSnapshots first = registry.scrape(REQUEST);
        now.addAndGet(RecentScrapes.REUSE_NANOS - 1);
        assertSame(first, registry.scrape(REQUEST), "within the reuse time: the same answer");
        assertEquals(1, built.get());
        now.addAndGet(1);
        registry.scrape(REQUEST);
        assertEquals(2, built.get(), "a fifth of a second later: built again");
        registry.scrape();
        assertEquals(3, built.get(), "a direct scrape (the metric list, tests) always builds");
    }
}
