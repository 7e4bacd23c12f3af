package org.openmark.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class WorkerFindingsTest {
    @Test
    void eachTextOnce_inTheOrderFirstSaid_afterEveryWorkerThatSaidIt() {
        WorkerFindings findings = new WorkerFindings();
        findings.add("worker-1 (a:1)", List.of("the store answered 400.0 ops/s of the 500.0 ops/s offered (80%)",
                "interrupted: the run was stopped before its end"));
        findings.add("worker-2 (b:2)", List.of("interrupted: the run was stopped before its end",
                "the store answered 450.0 ops/s of the 500.0 ops/s offered (90%)"));
        findings.add("worker-3 (c:3)", List.of());

        assertEquals(List.of("worker-1 (a:1): the store answered 400.0 ops/s of the 500.0 ops/s offered (80%)",
                "worker-1 (a:1), worker-2 (b:2): interrupted: the run was stopped before its end",
                "worker-2 (b:2): the store answered 450.0 ops/s of the 500.0 ops/s offered (90%)"), findings.lines());
    }

    @Test
    void aWorkerThatSaysTheSameTwice_isNamedOnce() {
        WorkerFindings findings = new WorkerFindings();
        findings.add("worker-1 (a:1)", List.of("x", "x"));
        assertEquals(List.of("worker-1 (a:1): x"), findings.lines());
    }

    @Test
    void nothingSaid_noLines() {
        assertEquals(List.of(), new WorkerFindings().lines());
    }
}
