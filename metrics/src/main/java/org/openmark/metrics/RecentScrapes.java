package org.openmark.metrics;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.registry.PrometheusScrapeRequest;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.function.LongSupplier;

/**
 * The registry the endpoint serves, answering scrapes that come within {@link #REUSE_NANOS} of
 * the last one built with what that one built. Building a scrape asks every collector again (the
 * JVM's memory pools and collectors, the process's /proc files) and costs a millisecond or more;
 * a scraper that hammers the endpoint (100 scrapes a second) took a fifth of a closed-model run's
 * throughput on two cores. openmark's own figures change once an interval, so a scrape a fifth of
 * a second old says what a fresh one would. Scrapes that name the series they want
 * ({@code name[]=}) are always built.
 */
final class RecentScrapes extends PrometheusRegistry {
    /** How long a built scrape answers the next ones. */
    static final long REUSE_NANOS = 200_000_000L;

    private final LongSupplier nanoTime;
    private MetricSnapshots last;
    private long builtAtNanos;

    RecentScrapes(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    @Override
    public synchronized MetricSnapshots scrape(PrometheusScrapeRequest request) {
        if (request == null) {
            return super.scrape(request); // a scrape in this process (scrape()), not the endpoint's
        }
        long now = nanoTime.getAsLong();
        if (last == null || now - builtAtNanos >= REUSE_NANOS) {
            last = super.scrape(request);
            builtAtNanos = now;
        }
        return last;
    }
}
