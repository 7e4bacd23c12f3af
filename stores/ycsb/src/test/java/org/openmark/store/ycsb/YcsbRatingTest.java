package org.openmark.store.ycsb;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.api.Clock;
import org.openmark.config.Settings;
import org.openmark.rating.RatingException;
import org.openmark.rating.ReloadMode;
import org.openmark.rating.ReloadPolicy;
import org.openmark.rating.Sla;
import org.openmark.rating.StoreRating;
import org.openmark.run.ModelChoice;
import org.openmark.run.Phase;

/** The action rating over a binding: YCSB's scans return no keys, which a full reload needs. */
class YcsbRatingTest {

    @Test
    void rate_fullReloadOverABinding_stopsSayingWhyInsteadOfDeletingNothing() throws Exception {
        Phases phases = new Phases();
        Map<String, String> p = Phases.props("store", "ycsb", "ycsb.db", TestBindings.name("LockingTxnDB"),
                "ycsb.classpath", TestBindings.jar().toString(), "lockingtxn.space", "rating", "recordcount", "50",
                "operationcount", "100", "readproportion", "0.5", "insertproportion", "0.5", "seed", "5");
        phases.run(Phase.LOAD, p);
        try (StoreRating rating = new StoreRating(phases.runner(), Settings.of(p), ModelChoice.CLOSED, Sla.none(),
                Duration.ofMillis(200), Duration.ZERO, ReloadPolicy.of(ReloadMode.FULL), Clock.system(),
                new PrintStream(OutputStream.nullOutputStream()))) {
            rating.prepare();
            rating.run(1);

            RatingException e = assertThrows(RatingException.class, () -> rating.run(1));

            assertTrue(e.getMessage().endsWith("--reload full: the store's scans return no keys (a YCSB binding), so"
                    + " openmark cannot find what to delete; use repair"), e.getMessage());
        }
    }
}
