// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package basetypes contains the implementations for framework-defined data
// types and values, such as boolean, floating point, integer, list, map,
// object, set, and string. Embed these implementations to create custom types.
package basetypes
