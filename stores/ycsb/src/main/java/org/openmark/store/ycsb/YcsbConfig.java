package org.openmark.store.ycsb;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.openmark.api.StoreConfigException;
import org.openmark.api.StoreProperties;

/**
 * The ycsb store's settings, validated once from its properties.
 *
 * @param dbClass the binding class ({@code ycsb.db}, or YCSB's own {@code db})
 * @param classPathText {@code ycsb.classpath} as given, empty when unset
 * @param classPath its entries resolved: jars and class directories, in order (empty when unset)
 */
public record YcsbConfig(String dbClass, String classPathText, List<Path> classPath) {
    public static final String DB = "ycsb.db";
    public static final String CLASSPATH = "ycsb.classpath";
    /** YCSB's own name for the binding class; {@code ycsb.db} wins when both are set. */
    public static final String YCSB_DB = "db";
    /** Every property the store itself reads (the binding may read any). */
    public static final Set<String> PROPERTY_NAMES = Set.of(DB, CLASSPATH, YCSB_DB);

    /** Validates and resolves the properties; the exception names the offending property. */
    public static YcsbConfig from(StoreProperties properties) {
        String dbClass = properties.get(DB, properties.get(YCSB_DB));
        if (dbClass == null || dbClass.isBlank()) {
            throw new StoreConfigException(DB, dbClass == null ? "(unset)" : dbClass, "must name the YCSB binding"
                    + " class, e.g. -p ycsb.db=site.ycsb.BasicDB (or -db CLASS)");
        }
        dbClass = dbClass.trim();
        if (!isClassName(dbClass)) {
            throw new StoreConfigException(DB, dbClass, "must be a fully qualified Java class name, e.g."
                    + " site.ycsb.db.MongoDbClient");
        }
        String text = properties.get(CLASSPATH);
        List<Path> classPath = text == null ? List.of() : BindingClassPath.parse(CLASSPATH, text);
        return new YcsbConfig(dbClass, text == null ? "" : text, classPath);
    }

    private static boolean isClassName(String name) {
        for (String part : name.split("\\.", -1)) {
            if (part.isEmpty() || !Character.isJavaIdentifierStart(part.codePointAt(0))
                    || !part.codePoints().allMatch(Character::isJavaIdentifierPart)) {
                return false;
            }
        }
        return true;
    }
}
