package codec

// ReflectUnmarshal is the reflection decoder, the reference of the typed
// decoders in the differential tests of package codec_test.
func ReflectUnmarshal(data []byte, v any) error { return reflectUnmarshal(data, v) }

// ReflectMarshal is the reflection encoder, the reference of the
// generated encoders (AppendJSON) in the differential tests of package
// codec_test.
func ReflectMarshal(v any) ([]byte, error) { return reflectMarshal(v) }
