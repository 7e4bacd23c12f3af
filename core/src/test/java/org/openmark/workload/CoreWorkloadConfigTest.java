package org.openmark.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.openmark.config.ConfigException;
import org.openmark.workload.CoreWorkloadConfig.FieldLengthDistribution;
import org.openmark.workload.CoreWorkloadConfig.InsertOrder;
import org.openmark.workload.CoreWorkloadConfig.Proportions;
import org.openmark.workload.CoreWorkloadConfig.RequestDistribution;
import org.openmark.workload.CoreWorkloadConfig.ScanLengthDistribution;
import org.openmark.workload.generator.ZipfianGenerator;

class CoreWorkloadConfigTest {

    private static CoreWorkloadConfig parse(String... pairs) {
        return CoreWorkloadConfig.from(TestWorkloads.settings(pairs));
    }

    private static String error(String... pairs) {
        return assertThrows(ConfigException.class, () -> parse(pairs)).getMessage();
    }

    @Test
    void from_nothingSet_hasYcsbDefaults() {
        CoreWorkloadConfig c = parse();
        assertEquals("usertable", c.table());
        assertEquals(Integer.MAX_VALUE, c.recordCount(), "YCSB reads recordcount 0 (its default) as 2^31 - 1");
        assertEquals(0, c.insertStart());
        assertEquals(Integer.MAX_VALUE, c.insertCount());
        assertEquals(10, c.fieldCount());
        assertEquals(100, c.fieldLength());
        assertEquals(1, c.minFieldLength());
        assertEquals(FieldLengthDistribution.CONSTANT, c.fieldLengthDistribution());
        assertNull(c.fieldLengthHistogram());
        assertEquals("field", c.fieldNamePrefix());
        assertTrue(c.readAllFields());
        assertFalse(c.readAllFieldsByName());
        assertFalse(c.writeAllFields());
        assertEquals(new Proportions(0.95, 0.05, 0, 0, 0, 0), c.proportions());
        assertEquals(RequestDistribution.UNIFORM, c.requestDistribution());
        assertEquals(0.2, c.hotspotDataFraction());
        assertEquals(0.8, c.hotspotOpnFraction());
        assertEquals(95, c.exponentialPercentile());
        assertEquals(0.8571428571, c.exponentialFrac());
        assertEquals(1, c.minScanLength());
        assertEquals(1000, c.maxScanLength());
        assertEquals(ScanLengthDistribution.UNIFORM, c.scanLengthDistribution());
        assertEquals(InsertOrder.HASHED, c.insertOrder());
        assertEquals(1, c.zeroPadding());
        assertFalse(c.dataIntegrity());
        assertEquals(0.99, c.zipfianConstant());
        assertEquals(ZipfianGenerator.Eta.YCSB, c.zipfianEta());
        assertEquals(0, c.insertionRetryLimit());
        assertEquals(3, c.insertionRetryIntervalSeconds());
    }

    @Test
    void from_zipfianEtaRecompute_isTheTextbookGrowth() {
        assertEquals(ZipfianGenerator.Eta.RECOMPUTE, parse("zipfian.eta", "recompute").zipfianEta());
        assertEquals(ZipfianGenerator.Eta.YCSB, parse("zipfian.eta", "YCSB").zipfianEta());
    }

    @Test
    void from_countsBeyond32Bits_areKept() {
        CoreWorkloadConfig c = parse("recordcount", "10000000000", "insertstart", "5000000000");
        assertEquals(10_000_000_000L, c.recordCount());
        assertEquals(5_000_000_000L, c.insertCount());
    }

    @Test
    void from_misspeltRequestDistribution_suggestsZipfian() {
        assertEquals("requestdistribution=zipfan: must be one of uniform, zipfian, latest, hotspot, sequential,"
                + " exponential (did you mean zipfian?)", error("requestdistribution", "zipfan"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "fieldlengthdistribution | gaussian | fieldlengthdistribution=gaussian: must be one of constant, uniform, zipfian, histogram",
        "scanlengthdistribution  | latest   | scanlengthdistribution=latest: must be one of uniform, zipfian",
        "insertorder             | hashd    | insertorder=hashd: must be one of hashed, ordered (did you mean hashed?)",
        "recordcount             | -1       | recordcount=-1: must be >= 0",
        "recordcount             | many     | recordcount=many: must be a whole number",
        "readallfields           | yes      | readallfields=yes: must be true or false",
        "readproportion          | -0.5     | readproportion=-0.5: must be >= 0",
        "fieldcount              | 0        | fieldcount=0: must be >= 1",
        "hotspotdatafraction     | 1.5      | hotspotdatafraction=1.5: must be between 0.0 and 1.0",
        "zipfianconstant         | 1.0      | zipfianconstant=1.0: must be > 0 and < 1",
        "zipfian.eta             | textbook | zipfian.eta=textbook: must be one of ycsb, recompute",
        "exponential.percentile  | 100      | exponential.percentile=100: must be > 0 and < 100",
        "minscanlength           | 0        | minscanlength=0: must be >= 1",
        "core_workload_insertion_retry_limit | -1 | core_workload_insertion_retry_limit=-1: must be >= 0"})
    void from_badValue_namesPropertyValueAndRule(String property, String value, String expectedStart) {
        String message = error(property, value);
        assertTrue(message.startsWith(expectedStart), message);
    }

    @Test
    void from_allProportionsZero_namesThemAll() {
        String message = error("readproportion", "0", "updateproportion", "0");
        assertEquals("readproportion, updateproportion, insertproportion, scanproportion, "
                + "readmodifywriteproportion, deleteproportion: all are 0; at least one must be > 0", message);
    }

    @Test
    void from_insertRangeBeyondRecordCount_isRejected() {
        assertEquals("insertcount=600: insertstart (500) + insertcount must be <= recordcount (1000)",
                error("recordcount", "1000", "insertstart", "500", "insertcount", "600"));
        assertEquals("insertstart=1000: must be < recordcount (1000)",
                error("recordcount", "1000", "insertstart", "1000"));
    }

    @Test
    void from_scanAndFieldLengthBoundsCrossed_areRejected() {
        assertEquals("maxscanlength=5: must be >= minscanlength (10)", error("minscanlength", "10", "maxscanlength", "5"));
        assertEquals("minfieldlength=200: must be <= fieldlength (100) for fieldlengthdistribution=uniform",
                error("fieldlengthdistribution", "uniform", "minfieldlength", "200"));
    }

    @Test
    void from_dataIntegrityWithVariableLengths_isRejected() {
        assertEquals("dataintegrity=true: needs fieldlengthdistribution=constant (is zipfian)",
                error("dataintegrity", "true", "fieldlengthdistribution", "zipfian"));
    }

    @Test
    void from_histogramFile_isLoadedOrNamed(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("lengths.txt");
        Files.writeString(file, "BlockSize\t10\n0\t1\n4\t3\n");
        CoreWorkloadConfig c = parse("fieldlengthdistribution", "histogram", "fieldlengthhistogram", file.toString());
        assertEquals(50, c.maxFieldLength());

        String missing = dir.resolve("absent.txt").toString();
        String message = error("fieldlengthdistribution", "histogram", "fieldlengthhistogram", missing);
        assertTrue(message.startsWith("fieldlengthhistogram=" + missing + ": cannot read the file"), message);
    }

    @Test
    void proportionsNote_sumNotOne_saysHowEachIsTaken_andNothingWhenTheSumIsOne() {
        assertEquals(java.util.Optional.of("the operation proportions sum to 1.3, not 1: each is taken as its share of"
                + " the sum, as YCSB does (readproportion 0.5 → 38.5%, updateproportion 0.8 → 61.5%)"),
                CoreWorkloadConfig.from(TestWorkloads.settings("readproportion", "0.5", "updateproportion", "0.8"))
                        .proportionsNote());
        assertEquals(java.util.Optional.empty(), CoreWorkloadConfig.from(TestWorkloads.settings(
                "readproportion", "0.5", "updateproportion", "0.5")).proportionsNote());
        assertEquals(java.util.Optional.empty(), CoreWorkloadConfig.from(TestWorkloads.settings()).proportionsNote(),
                "the defaults, 0.95 and 0.05");
        assertEquals(java.util.List.of(), org.openmark.run.ConfigNotes.of(org.openmark.testing.TestConfigs.run(
                "workload", "closed_economy", "readproportion", "0.3", "operationcount", "10")),
                "another workload's proportions are its own");
    }
}
