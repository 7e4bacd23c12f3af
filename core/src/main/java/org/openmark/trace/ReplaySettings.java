package org.openmark.trace;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.openmark.api.Clock;
import org.openmark.config.ConfigException;
import org.openmark.config.Settings;
import org.openmark.workload.RecordShape;
import org.openmark.workload.Workload;
import org.openmark.workload.WorkloadDefaults;
import org.openmark.workload.WorkloadProperties;
import org.openmark.workload.WorkloadSettings;

/**
 * A replay's settings ({@code workload=trace}): the trace ({@value #FILE}), how much faster than
 * recorded it is replayed ({@value #SPEED}), how the file is read ({@value TraceFileFormat#PROPERTY}:
 * auto, openmark or csv) and the prefix of the field names its values get.
 *
 * @param speed 2 replays twice as fast (every gap halved), 0.5 half as fast
 */
public record ReplaySettings(Path file, TraceFileFormat format, double speed, String fieldPrefix) implements WorkloadSettings {
    /** The trace to replay. */
    public static final String FILE = "trace.file";
    /** Recorded time / replayed time. */
    public static final String SPEED = "trace.speed";
    /** The speed when none is given: as recorded. */
    public static final double DEFAULT_SPEED = 1.0;

    public ReplaySettings {
        if (!(speed > 0) || Double.isInfinite(speed)) {
            throw ConfigException.of(SPEED, String.valueOf(speed), "must be a number > 0 (2 replays twice as fast)");
        }
    }

    static ReplaySettings parse(Settings s) {
        String file = s.getString(FILE, null);
        if (file == null || file.isBlank()) {
            throw ConfigException.of(FILE, String.valueOf(file), "workload=" + ReplayWorkload.NAME
                    + " needs the trace to replay (written by run --record-ops)");
        }
        if (!Files.isRegularFile(Path.of(file))) {
            throw ConfigException.of(FILE, file, "no such file");
        }
        String speedText = s.getString(SPEED, null);
        double speed = DEFAULT_SPEED;
        if (speedText != null) {
            try {
                speed = Double.parseDouble(speedText.strip());
            } catch (NumberFormatException e) {
                throw ConfigException.of(SPEED, speedText, "must be a number > 0 (2 replays twice as fast)");
            }
        }
        String formatText = s.getString(TraceFileFormat.PROPERTY, null);
        TraceFileFormat format = formatText == null ? TraceFileFormat.AUTO
                : TraceFileFormat.parse(TraceFileFormat.PROPERTY, formatText);
        return new ReplaySettings(Path.of(file), format, speed,
                s.getString(WorkloadProperties.FIELD_NAME_PREFIX, WorkloadDefaults.FIELD_NAME_PREFIX));
    }

    @Override
    public Workload create(Clock clock, OptionalLong operationCount) {
        return new ReplayWorkload(ReplaySchedule.load(file, format, speed), fieldPrefix);
    }

    @Override
    public RecordShape recordShape() {
        return new RecordShape(1, 0, "the records of trace " + file);
    }
}
