package org.openmark.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.openmark.config.Settings;
import org.openmark.output.AtomicFiles;
import org.openmark.output.OutputPaths;

/**
 * Where and how the final report goes, as YCSB's {@code exporter} and {@code exportfile}
 * properties say: without {@code exportfile} stdout gets the report in the exporter's format;
 * with it, the file gets that and stdout keeps the text block (written under a temporary name
 * and renamed, so a script never reads half a report).
 *
 * @param exporter the format
 * @param file the file, or null for stdout
 */
public record YcsbExport(YcsbExporter exporter, Path file) {
    /** The property that names the file. */
    public static final String FILE_PROPERTY = "exportfile";

    /** From the run's properties, checked before the run starts. */
    public static YcsbExport of(Settings settings) {
        String name = settings.getString(YcsbExporter.PROPERTY, null);
        YcsbExporter exporter = name == null ? YcsbExporter.TEXT : YcsbExporter.named(name.trim());
        String fileText = settings.getString(FILE_PROPERTY, null);
        Path file = null;
        if (fileText != null) {
            file = Path.of(fileText.trim());
            OutputPaths.checkFile(FILE_PROPERTY, file);
        }
        return new YcsbExport(exporter, file);
    }

    /** What stdout gets of the report's {@code lines} ({@link YcsbTextReport#lines}). */
    public String forStdout(List<ReportLine> lines) {
        return (file == null ? exporter : YcsbExporter.TEXT).render(lines);
    }

    /** Writes the export file of the report's {@code lines}, if one was asked for. */
    public void writeFile(List<ReportLine> lines) throws IOException {
        if (file != null) {
            AtomicFiles.writeString(file, exporter.render(lines));
        }
    }
}
