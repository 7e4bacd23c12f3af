package org.openmark.rating;

import static org.openmark.testing.Derivations.assertAsParsed;
import static org.openmark.testing.Derivations.assertSameError;
import static org.openmark.testing.Derivations.edited;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openmark.config.Settings;
import org.openmark.run.ModelChoice;
import org.openmark.run.Phase;
import org.openmark.run.RunConfig;

/**
 * A rating's experiments are runs of the user's properties at the rating's model, load level and
 * length: made in typed form, each is what the properties edited the old way (the rating's values put
 * in, the operation count taken out) resolve to, and records exactly those properties.
 */
class StoreRatingConfigTest {
    private static final Map<String, String> WORKLOAD_A = Map.of("seed", "11", "workload", "core", "recordcount", "1000",
            "operationcount", "1000", "readproportion", "0.5", "updateproportion", "0.5", "requestdistribution",
            "zipfian", "threadcount", "4", "maxexecutiontime", "60");
    private static final Map<String, String> ECONOMY = Map.of("seed", "11", "workload", "closed_economy",
            "recordcount", "200", "operationcount", "10000", "totalcash", "20000", "insertproportion", "0.1",
            "maxinflight", "500");

    @Test
    void commonConfig_closedRating_theRatingsPropertiesEditedAndParsed() {
        RunConfig common = StoreRating.commonConfig(Settings.of(WORKLOAD_A), ModelChoice.CLOSED, Duration.ofSeconds(10),
                Duration.ofSeconds(2));

        assertAsParsed(common, edited(WORKLOAD_A, "operationcount", null, "model", "closed", "threadcount", "1",
                "duration", "12000ms", "warmup", "2000ms", "autoload", "false"));
    }

    @Test
    void commonConfig_openRatingOfTheEconomy_itsWorkloadNotSizedForTheOperationCountTakenOut() {
        RunConfig common = StoreRating.commonConfig(Settings.of(ECONOMY), ModelChoice.OPEN, Duration.ofMillis(1500),
                Duration.ZERO);

        assertAsParsed(common, edited(ECONOMY, "operationcount", null, "model", "open", "rate", "1",
                "duration", "1500ms", "warmup", "0ms", "autoload", "false"));
    }

    @Test
    void experiment_atItsLoadLevelAndLength_asItsEditedPropertiesParsed() {
        RunConfig closed = StoreRating.commonConfig(Settings.of(WORKLOAD_A), ModelChoice.CLOSED, Duration.ofSeconds(10),
                Duration.ofSeconds(2));
        RunConfig open = StoreRating.commonConfig(Settings.of(ECONOMY), ModelChoice.OPEN, Duration.ofSeconds(10),
                Duration.ofSeconds(2));

        assertAsParsed(closed.withThreads(32).withDuration(Duration.ofSeconds(5)), edited(WORKLOAD_A,
                "operationcount", null, "model", "closed", "threadcount", "32", "duration", "5000ms", "warmup",
                "2000ms", "autoload", "false"));
        assertAsParsed(open.withRatePerSec(2500.5).withDuration(Duration.ofSeconds(5)), edited(ECONOMY,
                "operationcount", null, "model", "open", "rate", "2500.5", "duration", "5000ms", "warmup", "2000ms",
                "autoload", "false"));
    }

    @Test
    void commonConfig_openRatingOfAClosedWorkloadFile_theParsersError() {
        assertSameError(Phase.RUN, edited(WORKLOAD_A, "operationcount", null, "model", "open", "rate", "1",
                "duration", "12000ms", "warmup", "2000ms", "autoload", "false"), () -> StoreRating.commonConfig(
                        Settings.of(WORKLOAD_A), ModelChoice.OPEN, Duration.ofSeconds(10), Duration.ofSeconds(2)));
    }
}
