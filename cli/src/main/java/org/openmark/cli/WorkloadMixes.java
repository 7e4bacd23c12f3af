package org.openmark.cli;

import org.openmark.config.Settings;
import org.openmark.rating.WorkloadMix;

/** The operation mix of a core-workload configuration, with YCSB's default proportions. */
final class WorkloadMixes {
    private WorkloadMixes() {
    }

    static WorkloadMix of(Settings s) {
        return new WorkloadMix(s.getDouble("readproportion", 0.95), s.getDouble("updateproportion", 0.05),
                s.getDouble("insertproportion", 0), s.getDouble("scanproportion", 0),
                s.getDouble("deleteproportion", 0), s.getDouble("readmodifywriteproportion", 0));
    }
}
