package org.openmark.cluster.protocol;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.jsontype.NamedType;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.util.List;
import org.openmark.config.PropertyChanges;
import org.openmark.load.ArrivalProcess;
import org.openmark.load.RateSchedule;
import org.openmark.run.Model;

/**
 * How the types of other packages that a message holds are written, without wire annotations on
 * them (core knows nothing of the cluster); Pekko registers this module by its name
 * ({@code jackson-modules} in {@code openmark-cluster.conf}).
 *
 * <p>A sealed type travels by name: each value carries {@code "type"}, its type's and its own simple
 * name ({@code "Model.Open"}), and comes back as that record of the sealed type, never as a class the
 * wire names (only the permitted records of these types are known). A record added to one of them is
 * on the wire at once: the names are read from {@link Class#getPermittedSubclasses()}. A record is
 * written as its components only: a method that reads like a getter ({@link PropertyChanges#isEmpty()})
 * is no field of the wire.
 */
public final class CoreTypes extends SimpleModule {
    /** Every sealed type a message holds, its own records under it. */
    static final List<Class<?>> SEALED = List.of(PlanConfig.class, Model.class, ArrivalProcess.class,
            RateSchedule.class);

    public CoreTypes() {
        super("openmark-core-types");
        for (Class<?> type : SEALED) {
            setMixInAnnotation(type, ByName.class);
            for (Class<?> record : type.getPermittedSubclasses()) {
                registerSubtypes(new NamedType(record, type.getSimpleName() + "." + record.getSimpleName()));
            }
        }
        setMixInAnnotation(PropertyChanges.class, ComponentsOnly.class);
    }

    /** The annotations each sealed type gets: its values carry their record's name. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    private interface ByName {
    }

    /** A record written as its components (its fields), not as its getters too. */
    @JsonAutoDetect(isGetterVisibility = JsonAutoDetect.Visibility.NONE,
            getterVisibility = JsonAutoDetect.Visibility.NONE)
    private interface ComponentsOnly {
    }
}
