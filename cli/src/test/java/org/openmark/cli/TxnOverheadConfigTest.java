package org.openmark.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.openmark.testing.Derivations.assertAsParsed;
import static org.openmark.testing.Derivations.edited;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.config.Settings;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;
import org.openmark.run.RunConfigParser;

/**
 * txn-overhead's two runs are its configuration with transactions on and off, derived in typed form:
 * each is what the properties edited as before (txn.enabled, and the seed chosen once) resolve to.
 */
class TxnOverheadConfigTest {
    private static final Map<String, String> ECONOMY = Map.of("workload", "closed_economy", "recordcount", "100",
            "operationcount", "2000", "model", "closed", "threadcount", "4", "txn.retries", "2");

    @Test
    void config_seedChosen_bothRunsRecordItAndTheirTransactions() {
        RunConfig first = RunConfigParser.parse(Phase.RUN, Settings.of(ECONOMY), null, true);

        RunConfig with = TxnOverheadCommand.config(first, true);
        RunConfig without = TxnOverheadCommand.config(first, false);

        String seed = String.valueOf(first.seed());
        assertAsParsed(with, edited(ECONOMY, "txn.enabled", "true", "seed", seed));
        assertAsParsed(without, edited(ECONOMY, "txn.enabled", "false", "seed", seed));
        assertTrue(with.transactions().enabled());
        assertFalse(without.transactions().enabled());
    }

    @Test
    void config_seedGiven_onlyTheTransactionsChange() {
        Map<String, String> given = edited(ECONOMY, "seed", "1_000");
        RunConfig first = RunConfigParser.parse(Phase.RUN, Settings.of(given), null, true);

        assertAsParsed(TxnOverheadCommand.config(first, false), edited(given, "txn.enabled", "false"));
    }
}
