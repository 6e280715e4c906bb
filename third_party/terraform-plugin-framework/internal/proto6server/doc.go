// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

// Package proto6server contains the provider server implementation compatible
// with protocol version 6 (tfprotov6.ProviderServer).
package proto6server
