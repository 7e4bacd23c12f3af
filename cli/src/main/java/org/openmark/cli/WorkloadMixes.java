package org.openmark.cli;

import org.openmark.rating.WorkloadMix;
import org.openmark.workload.WorkloadSettings;

/** The operation mix of a workload, from its typed settings (so each workload's own defaults hold). */
final class WorkloadMixes {
    private WorkloadMixes() {
    }

    /** Its proportions; a workload that does not draw its operations from YCSB's proportions counts as reading only. */
    static WorkloadMix of(WorkloadSettings workload) {
        return workload.operationProportions().map(p -> new WorkloadMix(p.read(), p.update(), p.insert(), p.scan(),
                p.delete(), p.readModifyWrite())).orElse(WorkloadMix.readOnly());
    }
}
