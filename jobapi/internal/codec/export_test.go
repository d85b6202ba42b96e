package codec

// ReflectUnmarshal is the reflection decoder, the reference of the typed
// decoders in the differential tests of package codec_test.
func ReflectUnmarshal(data []byte, v any) error { return reflectUnmarshal(data, v) }
