package org.openmark.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadSpecTest {

    @Test
    void openModel_withRamp_givesEveryFieldOfTheSchedule() {
        OpenModel model = new OpenModel(new ArrivalProcess.HyperExponential(3), new RateSchedule.Ramp(100, 900,
                Duration.ofMinutes(2)), 64, OverloadPolicy.DROP, new Share(1, 3));
        LoadSpec spec = model.spec();
        assertEquals("open", spec.kind());
        assertEquals(model.describe(), spec.display());
        assertEquals("hyperexp", spec.arrival());
        assertEquals(3.0, spec.arrivalParameter());
        assertNull(spec.ratePerSec(), "a ramp has no single rate");
        assertEquals(new LoadSpec.Schedule("ramp", List.of(100.0, 900.0), null, 120_000L), spec.schedule());
        assertEquals(64, spec.maxInFlight(), "the whole run's bound");
        assertEquals("drop", spec.onOverload());
        assertEquals("2/3", spec.share());
        assertNull(spec.threads());
    }

    @Test
    void closedModel_unpaced_hasNoTargetAndTheLoadPhaseHasNoShare() {
        LoadSpec run = new ClosedModel(8, 0, Duration.ofMillis(5), false, new Share(0, 2)).spec();
        Map<String, Object> m = run.toMap();
        assertEquals(Map.of("kind", "closed", "threads", 8, "thinkTimeMs", 5L, "share", "1/2"), m);
        LoadSpec load = new ClosedModel(4, 0, Duration.ZERO, true, new Share(0, 2)).spec();
        assertNull(load.share(), "each process loads with its own threads");
        assertFalse(load.toMap().containsKey("targetPerSec"));
        assertEquals(2000.0, new ClosedModel(4, 2000, Duration.ZERO, false).spec().targetPerSec());
    }

    @Test
    void constantRate_isBothTheRateAndAOneStepSchedule() {
        LoadSpec spec = new OpenModel(new ArrivalProcess.Constant(), new RateSchedule.Constant(500), 10,
                OverloadPolicy.WAIT).spec();
        assertEquals(500.0, spec.ratePerSec());
        assertEquals("constant", spec.schedule().kind());
        assertEquals("constant", spec.arrival());
        assertNull(spec.arrivalParameter());
        assertNull(spec.share());
    }
}
