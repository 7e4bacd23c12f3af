package org.openmark.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openmark.api.Clock;
import org.openmark.config.ConfigException;

class WorkloadsTest {

    @Test
    void create_noWorkloadProperty_isCore() {
        Workload w = Workloads.create(TestWorkloads.settings("recordcount", "10"), Clock.system());
        assertInstanceOf(CoreWorkload.class, w);
        assertEquals("usertable", w.table());
        assertEquals(10, w.loadOperationCount());
    }

    @ParameterizedTest
    @ValueSource(strings = {"core", "CORE", "site.ycsb.workloads.CoreWorkload", "com.yahoo.ycsb.workloads.CoreWorkload"})
    void create_coreNames_isCore(String name) {
        Workload w = Workloads.create(TestWorkloads.settings("workload", name, "recordcount", "10"), Clock.system());
        assertInstanceOf(CoreWorkload.class, w);
    }

    @Test
    void create_unknownWorkload_listsAllowedNames() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> Workloads.create(TestWorkloads.settings("workload", "coer"), Clock.system()));
        assertTrue(e.getMessage().startsWith("workload=coer: must be one of core, site.ycsb.workloads.CoreWorkload"),
                e.getMessage());
        assertTrue(e.getMessage().contains("did you mean core?"), e.getMessage());
    }

    @Test
    void create_withOperationCount_sizesZipfianRangeForExpectedInserts() {
        CoreWorkload w = (CoreWorkload) Workloads.create(TestWorkloads.settings("recordcount", "1000",
                "insertproportion", "0.05", "readproportion", "0.95", "requestdistribution", "zipfian"),
                Clock.system(), OptionalLong.of(10_000));
        // YCSB: insertstart + insertcount + operationcount * insertproportion * 2
        assertEquals(1000 + 1000, w.zipfianMaxKey());
    }

    @Test
    void isCore_everyNameOfTheCoreWorkload_trueOthersFalse() {
        assertTrue(CoreWorkloads.isCore("core"));
        assertTrue(CoreWorkloads.isCore("site.ycsb.workloads.CoreWorkload"));
        assertTrue(CoreWorkloads.isCore("com.yahoo.ycsb.workloads.CoreWorkload"));
        assertFalse(CoreWorkloads.isCore("closed_economy"));
        assertFalse(CoreWorkloads.isCore("nosuch"));
    }
}
