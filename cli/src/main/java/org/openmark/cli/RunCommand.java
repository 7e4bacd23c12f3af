package org.openmark.cli;

import org.openmark.run.Phase;
import picocli.CommandLine.Command;

/** {@code openmark run}: the run (transaction) phase; loads an empty store first. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run a workload against a store and report latencies and throughput.",
            "Default: bundled workload A on an embedded RocksDB store in a temporary directory, open model.",
            "Example: bin/openmark run -P workloads/workloadb --store rocksdb -p rocksdb.dir=/tmp/db --rate 20000"
                    + " --duration 60s --out results/"})
final class RunCommand extends PhaseCommand {
    @Override
    Phase defaultPhase() {
        return Phase.RUN;
    }
}
