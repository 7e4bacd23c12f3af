package org.openmark.trace;

import java.util.Map;
import org.openmark.workload.WorkloadProvider;
import org.openmark.workload.Workloads;

/** The replay of a trace, as workload {@code trace}. */
public final class ReplayWorkloads implements WorkloadProvider {
    @Override
    public Map<String, Workloads.Factory> workloads() {
        return Map.of(ReplayWorkload.NAME, ReplaySettings::parse);
    }
}
