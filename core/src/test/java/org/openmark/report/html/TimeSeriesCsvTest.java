package org.openmark.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openmark.config.ConfigException;
import org.openmark.output.TimeSeriesSink;

class TimeSeriesCsvTest {
    @Test
    void parse_sinkHeaderAndRow_readsEveryField() {
        List<TimeSeriesRow> rows = TimeSeriesCsv.parse(List.of(TimeSeriesSink.HEADER,
                "1.000,READ,true,1000.0,1019,38111,88959,94335,94336,3,88127,750,50,0,0,0,0,0,200,0"), "t.csv");
        // 200 of the 1000 completions failed (SERVICE_UNAVAILABLE); NOT_FOUND is an answer, not a failure.
        assertEquals(List.of(new TimeSeriesRow(1.0, "READ", true, 1000.0, 1019, 38111, 88959, 94335, 94336, 3, 88127,
                200.0)), rows);
    }

    @Test
    void parse_columnsInAnotherOrderPlusAnExtra_areFoundByName() {
        List<TimeSeriesRow> rows = TimeSeriesCsv.parse(List.of(
                "operation,elapsed_s,extra,warmup,ops_per_s,p50_us,p90_us,p99_us,p999_us,max_us,in_flight,send_lag_p99_us",
                "UPDATE,2.5,x,false,10,1,2,3,4,5,6,7"), "t.csv");
        assertEquals("UPDATE", rows.get(0).operation());
        assertEquals(2.5, rows.get(0).elapsedSeconds());
        assertEquals(7, rows.get(0).sendLagP99Us());
    }

    @Test
    void parse_badNumber_namesFileLineAndColumn() {
        ConfigException e = assertThrows(ConfigException.class, () -> TimeSeriesCsv.parse(List.of(
                TimeSeriesSink.HEADER, "1.000,READ,true,951.8,1019,38111,88959,94335,94336,3,88127,1,0,0,0,0,0,0,0,0",
                "2.000,READ,false,900,fast,1,1,1,1,0,0,1,0,0,0,0,0,0,0,0"), "t.csv"));
        assertEquals("t.csv: line 3: p50_us=fast: must be a whole number", e.getMessage());
    }

    @Test
    void parse_shortRow_isRejected() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> TimeSeriesCsv.parse(List.of(TimeSeriesSink.HEADER, "1.000,READ,true"), "t.csv"));
        assertTrue(e.getMessage().startsWith("t.csv: line 2: 3 fields"), e.getMessage());
    }

    @Test
    void parse_missingColumn_namesIt() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> TimeSeriesCsv.parse(List.of("elapsed_s,operation"), "t.csv"));
        assertTrue(e.getMessage().startsWith("t.csv: line 1: no column warmup"), e.getMessage());
    }

    @Test
    void parse_headerOnly_hasNoRows() {
        assertTrue(TimeSeriesCsv.parse(List.of(TimeSeriesSink.HEADER), "t.csv").isEmpty());
    }
}
