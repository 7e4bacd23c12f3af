package org.openmark.cli;

import java.util.Optional;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.run.Phase;
import org.openmark.run.RunProperties;
import org.openmark.store.rocksdb.RocksDbConfig;

/**
 * A load into the embedded store without its directory goes into a temporary directory that is
 * deleted when the load ends: nothing stays for a run. A command in YCSB's form, whose user expects
 * the data where YCSB's RocksDB binding keeps it, is refused; openmark's form loads and says so.
 */
final class TemporaryLoad {
    private TemporaryLoad() {
    }

    /**
     * Refuses a load in YCSB's form into a temporary directory, or returns the note that says where
     * openmark's form loaded; empty when the load keeps its data.
     *
     * @throws ConfigException naming rocksdb.dir, for a command in YCSB's form
     */
    static Optional<String> check(Phase phase, String store, Settings settings) {
        if (phase != Phase.LOAD || !"rocksdb".equals(store) || settings.asMap().containsKey(RocksDbConfig.DIR)) {
            return Optional.empty();
        }
        if ("ycsb".equals(settings.asMap().get(RunProperties.COMMAND_FORM))) {
            throw new ConfigException(RocksDbConfig.DIR + " is unset: YCSB's RocksDB binding needs the directory to"
                    + " load into, and without it openmark would load into a temporary directory deleted when the"
                    + " load ends; give -p " + RocksDbConfig.DIR + "=DIR (the same DIR to the run)");
        }
        return Optional.of(RocksDbConfig.DIR + " is unset, so the records went into a temporary directory that was"
                + " deleted when the load ended: nothing stays for a run (give -p " + RocksDbConfig.DIR + "=DIR to"
                + " keep them; bin/openmark run loads an empty embedded store itself)");
    }
}
