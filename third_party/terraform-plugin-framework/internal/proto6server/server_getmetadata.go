// Copyright IBM Corp. 2021, 2026
// SPDX-License-Identifier: MPL-2.0

package proto6server

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/internal/fromproto6"
	"github.com/hashicorp/terraform-plugin-framework/internal/fwserver"
	"github.com/hashicorp/terraform-plugin-framework/internal/logging"
	"github.com/hashicorp/terraform-plugin-framework/internal/toproto6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// GetMetadata satisfies the tfprotov6.ProviderServer interface.
func (s *Server) GetMetadata(ctx context.Context, proto6Req *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	ctx = s.registerContext(ctx)
	ctx = logging.InitContext(ctx)

	fwReq := fromproto6.GetMetadataRequest(ctx, proto6Req)
	fwResp := &fwserver.GetMetadataResponse{}

	s.FrameworkServer.GetMetadata(ctx, fwReq, fwResp)

	return toproto6.GetMetadataResponse(ctx, fwResp), nil
}
