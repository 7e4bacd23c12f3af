package org.openmark.cli;

import org.openmark.run.Phase;
import picocli.CommandLine.Command;

/** {@code openmark load}: inserts the workload's initial records. */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Load a workload's initial records into a store.",
            "Example: bin/openmark load -P workloads/workloadb -p recordcount=100000 --store rocksdb -p rocksdb.dir=/tmp/db"})
final class LoadCommand extends PhaseCommand {
    @Override
    Phase defaultPhase() {
        return Phase.LOAD;
    }
}
