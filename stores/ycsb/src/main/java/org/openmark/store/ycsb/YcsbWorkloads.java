package org.openmark.store.ycsb;

import java.util.Map;
import java.util.Optional;
import org.openmark.workload.WorkloadProvider;
import org.openmark.workload.Workloads;

/**
 * Any YCSB workload class ({@code workload=site.ycsb.workloads.TimeSeriesWorkload}, or a user's own
 * on {@code ycsb.classpath}) as an openmark workload. YCSB's CoreWorkload is not among them: openmark's
 * own core workload answers to its names.
 */
public final class YcsbWorkloads implements WorkloadProvider {

    @Override
    public Map<String, Workloads.Factory> workloads() {
        return Map.of();
    }

    @Override
    public Optional<Workloads.Factory> forClass(String className) {
        return Optional.of(settings -> YcsbWorkloadSettings.from(className, settings));
    }
}
