package org.openmark.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The labels of markers (actions during a run) on a chart: never over each other. */
class ChartTest {
    private static final String LABEL = "event 1: bin/openmark-services add-node cassand…";

    /** Two events 10 s apart on a 150 s run are 50 px apart, their labels about 300 px wide. */
    @Test
    void markerLabels_eventsCloseTogether_stackedOnRowsOfTheirOwn() {
        List<Chart.LabelAt> at = Chart.markerLabels(new double[] {300, 350}, new String[] {LABEL, LABEL.replace('1', '2')},
                850, 400);
        assertEquals(400, at.get(0).y());
        assertEquals(386, at.get(1).y(), "one row up");
        assertEquals(303, at.get(0).x());
    }

    @Test
    void markerLabels_eventsFarApart_oneRow() {
        List<Chart.LabelAt> at = Chart.markerLabels(new double[] {100, 500}, new String[] {"event 1: a", "event 2: b"},
                850, 400);
        assertEquals(400, at.get(0).y());
        assertEquals(400, at.get(1).y());
    }

    @Test
    void markerLabels_nearTheRightEdge_endsLeftOfItsLine() {
        List<Chart.LabelAt> at = Chart.markerLabels(new double[] {800}, new String[] {LABEL}, 850, 400);
        assertTrue(at.get(0).endAnchored());
        assertEquals(797, at.get(0).x());
    }
}
