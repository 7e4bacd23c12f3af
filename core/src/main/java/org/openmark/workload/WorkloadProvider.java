package org.openmark.workload;

import java.util.Map;

/**
 * A source of workloads, found with {@link java.util.ServiceLoader} (listed in
 * {@code META-INF/services/org.openmark.workload.WorkloadProvider}), so {@link Workloads} names
 * workloads without depending on the packages that define them.
 */
public interface WorkloadProvider {
    /** The workloads this provider builds, by every name a user may give (YCSB's class names too), in order. */
    Map<String, Workloads.Factory> workloads();

    /**
     * The workload of a class name no provider registered ({@code workload=site.ycsb.workloads.TimeSeriesWorkload},
     * a user's own class), when this provider runs such classes; empty by default.
     */
    default java.util.Optional<Workloads.Factory> forClass(String className) {
        return java.util.Optional.empty();
    }
}
